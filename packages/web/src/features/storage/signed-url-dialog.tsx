import { useId, useState } from 'react';
import { SIGNED_URL_EXPIRIES, type SignedObjectUrl } from '@basin/core/schemas';
import { signObject } from '../../data/storage/object-urls';
import { formatDateTime } from '../../lib/format-date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';

/** A signed URL of the file for a chosen expiry, made on demand, to copy. */
export function SignedUrlDialog({
  projectRef,
  bucket,
  path,
  open,
  onOpenChange,
}: {
  projectRef: string;
  bucket: string;
  path: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [expiry, setExpiry] = useState(String(SIGNED_URL_EXPIRIES[2].seconds));
  const [signed, setSigned] = useState<SignedObjectUrl>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSigned(undefined);
      setError(undefined);
    }
  }

  async function create() {
    setLoading(true);
    setError(undefined);
    try {
      setSigned(await signObject(projectRef, bucket, path, Number(expiry)));
    } catch (failure) {
      setError(`Failed to create signed URL: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Content title="Get a signed URL" description={path.split('/').pop()}>
        <Dialog.Body>
          <p className="text-[13px] text-muted">Anyone with the URL can download the file, without a key, until it expires.</p>
          <div className="flex items-end gap-2">
            <div className="flex flex-1 flex-col gap-1.5">
              <span id={`${id}-label`} className="text-[13px] font-medium">
                Expires in
              </span>
              <Select
                labelledBy={`${id}-label`}
                value={expiry}
                onValueChange={(value) => {
                  setExpiry(value);
                  setSigned(undefined);
                }}
              >
                {SIGNED_URL_EXPIRIES.map((choice) => (
                  <Select.Item key={choice.seconds} value={String(choice.seconds)}>
                    {choice.label}
                  </Select.Item>
                ))}
              </Select>
            </div>
            <Button variant="primary" loading={loading} onClick={() => void create()}>
              Create URL
            </Button>
          </div>
          {signed ? (
            <div className="flex flex-col gap-1.5">
              <div className="flex items-center gap-2">
                <Input readOnly mono aria-label="Signed URL" value={signed.signedUrl} onFocus={(event) => event.currentTarget.select()} />
                <CopyButton value={signed.signedUrl} />
              </div>
              <p className="text-xs text-muted">Valid until {formatDateTime(signed.expiresAt)}.</p>
            </div>
          ) : null}
          {error ? <Alert tone="danger" title={error} /> : null}
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button>Close</Button>
          </Dialog.Close>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog>
  );
}

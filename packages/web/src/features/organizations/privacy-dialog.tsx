import { ShieldCheck } from 'lucide-react';
import { AI_PRIVACY_PARAGRAPHS, ASSISTANT_MESSAGES, ORGANIZATION_SETTINGS_MESSAGES } from '@basin/core';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/** 'Data Privacy and Supabase AI' (spec part 2 §2): what the assistant shares, in Basin's words, behind a link-style button. */
export function PrivacyDialog() {
  return (
    <Dialog>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" className="-ml-2.5 self-start">
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          {ORGANIZATION_SETTINGS_MESSAGES.privacyButton}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content title={ASSISTANT_MESSAGES.privacyTitle} size="large">
        <Dialog.Body>
          {AI_PRIVACY_PARAGRAPHS.map((paragraph) => (
            <p key={paragraph} className="text-[13px] leading-relaxed text-muted">
              {paragraph}
            </p>
          ))}
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

import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { linkTarget } from './link-safety';

/**
 * A link in the assistant's text. Allowed ones (SAFE_LINK_SCHEMES or relative) open only after
 * 'Verify the link before navigating'; others are shown as text and never followed.
 */
export function SafeLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const target = linkTarget(href);

  if (target.kind === 'blocked') {
    return (
      <span className="text-muted underline decoration-dotted" title="This link is not followed: its address is not allowed">
        {children}
      </span>
    );
  }

  const { kind, href: url } = target;
  function follow() {
    setOpen(false);
    if (kind === 'relative') void navigate(url);
    else window.open(url, '_blank', 'noopener,noreferrer');
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <a
          href={target.href}
          className="text-accent underline underline-offset-2 hover:opacity-80"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </a>
      </Dialog.Trigger>
      <Dialog.Content
        title={ASSISTANT_MESSAGES.verifyLink}
        description="The assistant wrote this link. Check where it goes before you open it."
      >
        <Dialog.Body>
          <p
            className="rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-xs break-all"
            data-testid="verify-link-url"
          >
            {target.href}
          </p>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button>Cancel</Button>
          </Dialog.Close>
          <Button variant="primary" onClick={follow}>
            Open link
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog>
  );
}

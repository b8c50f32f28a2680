import { ExternalLink, Inbox, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AUTH_MAILBOX_MESSAGES, can } from '@basin/core';
import type { AuthMailboxMessage } from '@basin/core/schemas';
import { useEmptyMailboxMutation, useMailboxQuery } from '../../data/auth-mailbox/use-mailbox';
import { useProjectRole } from '../../data/use-project-role';
import { formatDateTime } from '../../lib/format-date';
import { useQueryParams } from '../../lib/use-query-params';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';

const KIND_LABELS: Record<string, string> = {
  confirmation: 'Confirm sign-up',
  magic_link: 'Magic link',
  recovery: 'Recovery',
  email_change: 'Email change',
  invite: 'Invite',
  reauthentication: 'Reauthentication',
};

/** The email as its template made it, in a frame that runs no script and is no origin; its links open in a new tab. */
function MailView({ message }: { message: AuthMailboxMessage }) {
  return (
    <section aria-label={`Email to ${message.to}`} className="flex min-w-0 flex-1 flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 className="text-sm font-medium">{message.subject}</h2>
        <p className="text-xs text-muted">
          To {message.to} · {formatDateTime(message.created_at)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {/* A reauthentication email has a code only. */}
        {message.link ? (
          <Button asChild size="sm" variant="default">
            <a href={message.link} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden className="size-3.5" />
              Open link
            </a>
          </Button>
        ) : null}
        <span className="text-xs text-muted">Code</span>
        <code aria-label="Code" className="rounded-md border border-border bg-surface-muted px-2 py-1 font-mono text-xs">
          {message.code}
        </code>
        <CopyButton value={message.code} />
      </div>
      <iframe
        title={`${message.subject} (email body)`}
        srcDoc={`<base target="_blank">${message.html}`}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        className="h-[28rem] w-full rounded-md border border-border bg-white"
      />
    </section>
  );
}

function MessageList({
  messages,
  selected,
  onSelect,
}: {
  messages: AuthMailboxMessage[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <ul aria-label="Kept emails" className="flex w-80 shrink-0 flex-col overflow-hidden rounded-md border border-border">
      {messages.map((message) => (
        <li key={message.id} className="border-b border-border last:border-b-0">
          <button
            type="button"
            aria-current={message.id === selected ? 'true' : undefined}
            onClick={() => onSelect(message.id)}
            className={cn(
              'flex w-full flex-col gap-1 px-3 py-2.5 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px]',
              message.id === selected && 'bg-surface-muted',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="truncate text-[13px] font-medium">{message.to}</span>
              <Badge>{KIND_LABELS[message.kind] ?? message.kind}</Badge>
            </span>
            <span className="truncate text-xs text-muted">
              {message.subject} · {formatDateTime(message.created_at)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** /project/:ref/auth/mailbox — the auth emails a project without SMTP kept instead of sending (`?message=` opens one). */
export function MailboxPage() {
  const { ref = '' } = useParams();
  const canRead = can(useProjectRole(ref), 'auth.users:write');
  const mailbox = useMailboxQuery(ref, canRead);
  const { params, update } = useQueryParams({ replace: true });
  const [confirming, setConfirming] = useState(false);
  const empty = useEmptyMailboxMutation({ onSuccess: () => setConfirming(false) });
  const messages = mailbox.data?.messages ?? [];
  const selected = messages.find((message) => message.id === params.get('message')) ?? messages[0];

  return (
    <Page wide>
      <PageHeader
        title="Mailbox"
        description="The auth emails this project kept instead of sending, for a day: open their links as your users would."
        actions={
          canRead ? (
            <div className="flex gap-2">
              <Button variant="default" size="sm" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
                <RotateCw aria-hidden className="size-3.5" />
                Refresh
              </Button>
              <Button variant="default" size="sm" onClick={() => setConfirming(true)} disabled={messages.length === 0}>
                <Trash2 aria-hidden className="size-3.5" />
                Empty mailbox
              </Button>
            </div>
          ) : null
        }
      />
      {!canRead ? (
        <Alert tone="warning" title="You cannot read this mailbox">
          {AUTH_MAILBOX_MESSAGES.noPermission}
        </Alert>
      ) : mailbox.isPending ? (
        <div className="flex gap-4">
          <Skeleton className="h-64 w-80" />
          <Skeleton className="h-64 flex-1" />
        </div>
      ) : mailbox.isError ? (
        <Alert tone="danger" title="Could not load the mailbox">
          {mailbox.error.message}
        </Alert>
      ) : (
        <div className="flex flex-col gap-4">
          {mailbox.data.smtp ? (
            <Alert title="Auth emails go out through SMTP">
              This project (or the platform) has an SMTP server: emails are sent to your users and no new ones are kept here.
            </Alert>
          ) : (
            <Alert title="Auth emails are kept here">
              {AUTH_MAILBOX_MESSAGES.keptNotice}{' '}
              <Link to={`/project/${ref}/auth/smtp`} className="text-foreground underline underline-offset-2">
                Set up SMTP
              </Link>{' '}
              to send them to your users.
            </Alert>
          )}
          {selected ? (
            <div className="flex items-start gap-4">
              <MessageList messages={messages} selected={selected.id} onSelect={(id) => update({ message: id })} />
              <MailView message={selected} />
            </div>
          ) : (
            <EmptyState icon={<Inbox aria-hidden className="size-6" />} title="No emails kept">
              Emails appear here when your app signs a user up, sends a magic link or code, or starts a password recovery.
            </EmptyState>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Empty mailbox"
        variant="danger"
        confirmLabel="Empty mailbox"
        loading={empty.isPending}
        onConfirm={() => empty.mutate(ref)}
      >
        <p className="text-[13px] text-muted">Every kept email goes; their links and codes keep working until they expire.</p>
      </ConfirmDialog>
    </Page>
  );
}

import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { pageTitle, supportCategoryLabel } from '@basin/core';
import { isApiError } from '../../data/fetcher';
import { useSupportTicketQuery } from '../../data/support/use-support-ticket-query';
import { formatDateTime } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { NotFound } from '../errors/not-found';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="min-w-0 text-[13px] break-words">{children}</dd>
    </div>
  );
}

/** /support/tickets/:id — a sent request as it was stored, and whether it went out by email. */
export function SupportTicketPage() {
  const { id } = useParams();
  const ticketId = Number(id);
  useDocumentTitle(pageTitle({ page: `Support request #${id ?? ''}` }));
  const ticket = useSupportTicketQuery(ticketId);

  if (ticket.isError) {
    if (isApiError(ticket.error, 404))
      return <NotFound title="Support request not found" detail="No support request of yours has this number." />;
    return <ErrorFallback onRetry={() => void ticket.refetch()} />;
  }
  if (!ticket.data) {
    return (
      <Page>
        <Skeleton className="h-64 w-full rounded-lg" />
      </Page>
    );
  }
  const sent = ticket.data;
  return (
    <Page className="flex flex-col gap-6">
      <div className="flex items-start gap-3">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h1 className="text-lg font-medium tracking-tight">Support request #{sent.id} received</h1>
          <p className="text-[13px] text-muted">Sent {formatDateTime(sent.created_at)}.</p>
        </div>
      </div>
      {sent.emailed ? (
        <Alert tone="info" title="Sent to the support team by email">
          Replies come to the email address of your account.
        </Alert>
      ) : (
        <Alert tone="warning" title="Not sent by email">
          This platform has no support mailbox configured, so the request is stored here only. Ask your platform administrator to read it.
        </Alert>
      )}
      <Card>
        <Card.Header>
          <Card.Title>What was sent</Card.Title>
        </Card.Header>
        <Card.Content className="py-4">
          <dl className="flex flex-col gap-3">
            <Field label="Request number">#{sent.id}</Field>
            <Field label="Category">{supportCategoryLabel(sent.category)}</Field>
            <Field label="Organization">{sent.organizationSlug ?? 'None'}</Field>
            <Field label="Project">{sent.projectRef ? <span className="font-mono text-xs">{sent.projectRef}</span> : 'None'}</Field>
            <Field label="Subject">{sent.subject}</Field>
            <Field label="Message">
              <p className="whitespace-pre-wrap">{sent.message}</p>
            </Field>
            <Field label="Emailed">{sent.emailed ? 'Yes' : 'No'}</Field>
          </dl>
        </Card.Content>
      </Card>
      <div className="flex gap-2">
        {sent.projectRef ? (
          <Button asChild>
            <Link to={`/project/${sent.projectRef}`}>Back to the project</Link>
          </Button>
        ) : null}
        <Button asChild variant="ghost">
          <Link to="/support/new">Send another request</Link>
        </Button>
      </div>
    </Page>
  );
}

import type { ReactNode } from 'react';
import type { AuthFactor, AuthIdentity, AuthUser } from '@basin/core/schemas';
import { useAuthUserQuery } from '../../data/auth-users/use-auth-user-query';
import { formatDateTime } from '../../lib/format-date';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { CopyButton } from '../../ui/copy-button';
import { Skeleton } from '../../ui/skeleton';
import { factorLabel, RemoveFactorButton } from './remove-factor-button';
import { UserActionsMenu } from './user-actions-menu';
import { UserPasskeys } from './user-passkeys';
import { userBadges, userLabel } from './user-status';
import { DetailFields } from '../../ui/detail-fields';
import { Sheet } from '../../ui/sheet';

const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '—');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2 border-b border-border px-5 py-4 last:border-b-0">
      <h3 className="text-xs font-medium tracking-wide text-subtle uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Json({ label, value }: { label: string; value: Record<string, unknown> | undefined }) {
  const text = JSON.stringify(value ?? {}, null, 2);
  return (
    <pre
      aria-label={`${label} (JSON)`}
      tabIndex={0}
      className="max-h-60 overflow-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs leading-relaxed"
    >
      {text}
    </pre>
  );
}

function Identity({ identity }: { identity: AuthIdentity }) {
  return (
    <li className="rounded-md border border-border p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <Badge>{identity.provider}</Badge>
        <span className="truncate text-xs text-muted">{identity.email ?? identity.id}</span>
      </div>
      <DetailFields
        rows={[
          ['Created', when(identity.created_at)],
          ['Last sign in', when(identity.last_sign_in_at)],
          ['Updated', when(identity.updated_at)],
        ]}
      />
    </li>
  );
}

const FACTOR_TYPES: Record<AuthFactor['factor_type'], string> = { totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' };

function Factor({ projectRef, user, factor, canWrite }: { projectRef: string; user: AuthUser; factor: AuthFactor; canWrite: boolean }) {
  return (
    <li className="rounded-md border border-border p-3">
      <div className="mb-2 flex items-center gap-1.5">
        <span className="min-w-0 flex-1 truncate text-[13px] font-medium">{factorLabel(factor)}</span>
        <Badge>{FACTOR_TYPES[factor.factor_type]}</Badge>
        {factor.status === 'verified' ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Unverified</Badge>}
        {canWrite ? <RemoveFactorButton projectRef={projectRef} user={user} factor={factor} /> : null}
      </div>
      <DetailFields
        rows={[
          ['Created', when(factor.created_at)],
          ['Last challenged', when(factor.last_challenged_at)],
        ]}
      />
    </li>
  );
}

function Details({ projectRef, user, canWrite }: { projectRef: string; user: AuthUser; canWrite: boolean }) {
  // GoTrue leaves `factors` out when there are none.
  const factors = user.factors ?? [];
  const badges = userBadges(user);
  return (
    <>
      <Section title="Overview">
        <div className="flex flex-wrap items-center gap-1.5">
          {badges.length === 0 ? (
            <Badge tone="success">Active</Badge>
          ) : (
            badges.map((badge) => (
              <Badge key={badge.label} tone={badge.tone}>
                {badge.label}
              </Badge>
            ))
          )}
        </div>
        <div className="flex items-center gap-2">
          <code
            aria-label="User id"
            className="min-w-0 flex-1 truncate rounded-md border border-border bg-surface-muted px-2 py-1 font-mono text-xs"
          >
            {user.id}
          </code>
          <CopyButton value={user.id} />
        </div>
        <DetailFields
          rows={[
            ['Email', user.email || '—'],
            ['Phone', user.phone || '—'],
            ['Role', user.role || '—'],
            ['Created', when(user.created_at)],
            ['Updated', when(user.updated_at)],
            ['Last sign in', when(user.last_sign_in_at)],
            ['Email confirmed', when(user.email_confirmed_at)],
            ...(user.invited_at ? ([['Invited', when(user.invited_at)]] as [string, ReactNode][]) : []),
            ...(user.recovery_sent_at ? ([['Recovery sent', when(user.recovery_sent_at)]] as [string, ReactNode][]) : []),
            ...(user.banned_until ? ([['Banned until', when(user.banned_until)]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
      <Section title="User metadata">
        <Json label="User metadata" value={user.user_metadata} />
      </Section>
      <Section title="App metadata">
        <Json label="App metadata" value={user.app_metadata} />
      </Section>
      <Section title={`Identities (${user.identities.length})`}>
        {user.identities.length === 0 ? (
          <p className="text-[13px] text-muted">
            No identities: {user.is_anonymous ? 'an anonymous user has none until it adds an email.' : 'this user cannot sign in.'}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {user.identities.map((identity) => (
              <Identity key={identity.identity_id} identity={identity} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={`MFA factors (${factors.length})`}>
        {factors.length === 0 ? (
          <p className="text-[13px] text-muted">No MFA factors: this user signs in with one factor.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {factors.map((factor) => (
              <Factor key={factor.id} projectRef={projectRef} user={user} factor={factor} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="Passkeys">
        <UserPasskeys projectRef={projectRef} user={user} canWrite={canWrite} />
      </Section>
    </>
  );
}

/** The user's details beside the list, `?user=<id>` in the URL; Escape or the close button closes it. */
export function UserDetailPanel({
  projectRef,
  userId,
  canWrite,
  onClose,
}: {
  projectRef: string;
  userId: string | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const user = useAuthUserQuery(projectRef, userId ?? undefined);
  const title = user.data ? userLabel(user.data) : 'User';
  return (
    <Sheet open={Boolean(userId)} onOpenChange={(open) => !open && onClose()}>
      <Sheet.Content
        side="right"
        title={title}
        description="Details of the user"
        className="w-[32rem] max-w-[92vw]"
        actions={user.data ? <UserActionsMenu projectRef={projectRef} user={user.data} canWrite={canWrite} onDeleted={onClose} /> : null}
      >
        {user.isPending ? (
          <div className="flex flex-col gap-3 p-5">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-32" />
            <Skeleton className="h-24" />
          </div>
        ) : user.isError ? (
          <div className="p-5">
            <Alert tone="danger" title="Could not load the user">
              {user.error.message}
            </Alert>
          </div>
        ) : (
          <Details projectRef={projectRef} user={user.data} canWrite={canWrite} />
        )}
      </Sheet.Content>
    </Sheet>
  );
}

import { RotateCw, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { can } from '@basin/core';
import { useAuthUsersQuery } from '../../data/auth-users/use-auth-users-query';
import { useProjectRole } from '../../data/use-project-role';
import { useQueryParams } from '../../lib/use-query-params';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { useDebouncedValue } from '../database-lists/use-debounced-value';
import { AddUserMenu } from './add-user-menu';
import { MailNotice } from './mail-notice';
import { UserDetailPanel } from './user-detail-panel';
import { UsersTable } from './users-table';

/** The URL keeps the search (`search`), the page (`page`, from 1) and the open user (`user`). */
function useUsersParams() {
  const { params, update } = useQueryParams({ replace: true });
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { search: params.get('search') ?? '', page, userId: params.get('user'), update };
}

function SignUpHint() {
  return (
    <>
      Users appear here when they sign up from your app, e.g. with{' '}
      <code className="font-mono text-xs">supabase.auth.signUp({'{ email, password }'})</code> or{' '}
      <code className="font-mono text-xs">supabase.auth.signInAnonymously()</code>, or when you add one here.
    </>
  );
}

/** /project/:ref/auth/users — the project's end users: search, page, add, invite, ban, delete, details. */
export function AuthUsersPage() {
  const { ref = '' } = useParams();
  const { search, page, userId, update } = useUsersParams();
  const [text, setText] = useState(search);
  const keywords = useDebouncedValue(text.trim());
  const users = useAuthUsersQuery(ref, { page, keywords });
  const canWrite = can(useProjectRole(ref), 'auth.users:write');

  const onSearch = (value: string) => {
    setText(value);
    update({ search: value || null, page: null });
  };
  const data = users.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const first = data && data.total > 0 ? (page - 1) * data.per_page + 1 : 0;
  const shownTo = data ? Math.min(data.total, (page - 1) * data.per_page + data.users.length) : 0;

  return (
    <Page wide>
      <PageHeader
        title="Users"
        description="The people who sign up and sign in to your app through this project's auth API."
        actions={<AddUserMenu projectRef={ref} canWrite={canWrite} mailConfigured={data?.mail_configured ?? true} />}
      />
      {data && !data.mail_configured ? <MailNotice projectRef={ref} /> : null}
      <div className="mb-3 flex items-center gap-2">
        <div className="relative w-full max-w-sm">
          <Search className="pointer-events-none absolute top-2 left-2 size-4 text-subtle" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search by email, phone or user id"
            className="pl-8"
            value={text}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
        <Button variant="ghost" size="icon" aria-label="Reload users" onClick={() => void users.refetch()} disabled={users.isFetching}>
          <RotateCw className={users.isFetching ? 'size-3.5 animate-spin' : 'size-3.5'} aria-hidden="true" />
        </Button>
      </div>
      {users.isError && !data ? (
        <Alert tone="danger" title="Could not load the users">
          <p>{users.error.message}</p>
          <Button size="sm" className="mt-2" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data ? (
        <Skeleton className="h-64 w-full rounded-lg" />
      ) : data.users.length === 0 ? (
        keywords ? (
          <EmptyState icon={<Search className="size-6" aria-hidden="true" />} title="No users found">
            No user&apos;s email, phone or id contains &ldquo;{keywords}&rdquo;.
          </EmptyState>
        ) : page > 1 ? (
          <EmptyState
            title="No users on this page"
            action={<Button onClick={() => update({ page: null })}>Back to the first page</Button>}
          />
        ) : (
          <EmptyState icon={<Users className="size-6" aria-hidden="true" />} title="No users in your project yet">
            <SignUpHint />
          </EmptyState>
        )
      ) : (
        <UsersTable
          projectRef={ref}
          users={data.users}
          canWrite={canWrite}
          onOpen={(id) => update({ user: id })}
          onDeleted={(id) => id === userId && update({ user: null })}
        />
      )}
      {data && data.total > 0 ? (
        <nav aria-label="Pages of users" className="mt-3 flex items-center justify-between gap-2 text-xs text-muted">
          <span aria-live="polite">
            {first}–{shownTo} of {data.total} {data.total === 1 ? 'user' : 'users'}
          </span>
          <div className="flex items-center gap-2">
            <span>
              Page {page} of {lastPage}
            </span>
            <Button size="sm" disabled={page <= 1} onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null })}>
              Previous
            </Button>
            <Button size="sm" disabled={page >= lastPage} onClick={() => update({ page: String(page + 1) })}>
              Next
            </Button>
          </div>
        </nav>
      ) : null}
      <UserDetailPanel projectRef={ref} userId={userId} canWrite={canWrite} onClose={() => update({ user: null })} />
    </Page>
  );
}

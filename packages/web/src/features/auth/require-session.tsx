import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSessionQuery } from '../../data/auth/use-session-query';
import { PageSpinner } from '../../ui/spinner';
import { ErrorFallback } from '../errors/error-fallback';

/** Signed-out visitors of any dashboard page go to /sign-in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSessionQuery();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.isError) return <ErrorFallback onRetry={() => void session.refetch()} />;
  if (!session.data) return <Navigate to="/sign-in" replace />;
  return <>{children}</>;
}

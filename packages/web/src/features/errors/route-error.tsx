import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './not-found';
import { ErrorFallback } from './error-fallback';

/** The router's last-resort boundary (a failed route module load, or an error outside a page). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error('Dashboard error:', error);
  return (
    <div className="h-screen">
      <ErrorFallback onRetry={() => window.location.reload()} />
    </div>
  );
}

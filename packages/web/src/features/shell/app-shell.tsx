import { Outlet, useLocation } from 'react-router';
import { AssistantPanelProvider } from '../assistant/assistant-state';
import { RequireSession } from '../auth/require-session';
import { TooltipProvider } from '../../ui/tooltip';
import { ErrorBoundary } from '../errors/error-boundary';
import { TopBar } from './top-bar';

/** Every signed-in page: the top bar over the page; tooltips are provided here (Radix stays out of the sign-in pages). */
export function AppShell() {
  const { pathname } = useLocation();
  return (
    <RequireSession>
      <TooltipProvider delayDuration={300}>
        <AssistantPanelProvider>
          <div className="flex h-full flex-col">
            <TopBar />
            <main className="min-h-0 flex-1 overflow-y-auto">
              <ErrorBoundary resetKey={pathname}>
                <Outlet />
              </ErrorBoundary>
            </main>
          </div>
        </AssistantPanelProvider>
      </TooltipProvider>
    </RequireSession>
  );
}

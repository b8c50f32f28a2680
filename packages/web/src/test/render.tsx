import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../data/query-client';
import { AssistantPanelProvider } from '../features/assistant/assistant-state';
import { TooltipProvider } from '../ui/tooltip';

/** Renders routes in a memory router with the app's providers and the shell's tooltips (no retries, so errors show at once). */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <TooltipProvider delayDuration={300}>
        <AssistantPanelProvider>
          <RouterProvider router={router} />
        </AssistantPanelProvider>
      </TooltipProvider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** One element at one path. */
export function renderAt(path: string, element: ReactNode, initialEntry = path) {
  return renderRoutes([{ path, element }], initialEntry);
}

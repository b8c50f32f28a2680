import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeSync, useTheme } from '../features/theme/use-theme';
import { Toaster } from '../ui/toaster';

function ThemedToaster() {
  const { resolved } = useTheme();
  return <Toaster theme={resolved} />;
}

/** Data cache, toasts and the theme, around the router. Tooltips live in the signed-in shell, the only place that has them. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}

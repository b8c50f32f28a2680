import { lazy, Suspense } from 'react';
import { loadSonner, useToastsRequested } from '../lib/toast';

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** The toast stack; mounts once the first toast is requested (sonner replays toasts made before it subscribes). */
export function Toaster({ theme }: { theme: 'light' | 'dark' }) {
  const requested = useToastsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} position="bottom-right" closeButton toastOptions={{ style: { fontSize: 13 } }} />
    </Suspense>
  );
}

import { lazy } from 'react';

const AssistantPanelBody = lazy(() => import('./assistant-panel-body'));

/**
 * The panel's content behind a second dynamic import: the project layout's chunk then names this
 * one small file to preload, not the content's few dozen dependencies (first-load budget). The
 * panel's Suspense covers both steps.
 */
export default function AssistantPanelLoader({ onClose }: { onClose: () => void }) {
  return <AssistantPanelBody onClose={onClose} />;
}

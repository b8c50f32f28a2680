import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { StatusScreen as Screen } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { PageSpinner } from '../../ui/spinner';

interface ScreenProps {
  project: Project;
  /** Dismisses a finished restore or upgrade. */
  onDone?: () => void;
}

// Each screen is its own chunk: a project page loads only the screen it shows.
const SCREENS: Record<NonNullable<Screen>, ComponentType<ScreenProps>> = {
  setup: lazy(() => import('./setup-screen').then((m) => ({ default: m.SetupScreen }))),
  connecting: lazy(() => import('./connecting-screen').then((m) => ({ default: m.ConnectingScreen }))),
  pausing: lazy(() => import('./busy-screens').then((m) => ({ default: m.PausingScreen }))),
  'pause-failed': lazy(() => import('./pause-failed-screen').then((m) => ({ default: m.PauseFailedScreen }))),
  paused: lazy(() => import('./paused-screen').then((m) => ({ default: m.PausedScreen }))),
  restarting: lazy(() => import('./busy-screens').then((m) => ({ default: m.RestartingScreen }))),
  resizing: lazy(() => import('./busy-screens').then((m) => ({ default: m.ResizingScreen }))),
  upgrading: lazy(() => import('./upgrading-screen').then((m) => ({ default: m.UpgradingScreen }))),
  restoring: lazy(() => import('./restoring-screen').then((m) => ({ default: m.RestoringScreen }))),
  'restore-failed': lazy(() => import('./restore-failed-screen').then((m) => ({ default: m.RestoreFailedScreen }))),
  'init-failed': lazy(() => import('./init-failed-screen').then((m) => ({ default: m.InitFailedScreen }))),
  deleting: lazy(() => import('./busy-screens').then((m) => ({ default: m.DeletingScreen }))),
};

export function StatusScreenView({ screen, project, onDone }: { screen: NonNullable<Screen> } & ScreenProps) {
  const Component = SCREENS[screen];
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component project={project} onDone={onDone} />
    </Suspense>
  );
}

type Finishing = 'restoring' | 'upgrading';

/**
 * A restore or upgrade ends on its own screen ('Restoration complete!', the upgrade's outcome):
 * when the status moves on to the page itself, that screen stays until dismissed or the route changes.
 */
export function useFinishedScreen(screen: Screen, pathname: string): [Finishing | null, () => void] {
  const [state, setState] = useState<{ screen: Screen; pathname: string; finished: Finishing | null }>({
    screen,
    pathname,
    finished: null,
  });
  if (state.screen !== screen || state.pathname !== pathname) {
    const ended = state.screen === 'restoring' || state.screen === 'upgrading' ? state.screen : null;
    const finished = state.pathname !== pathname || screen !== null ? null : (ended ?? state.finished);
    setState({ screen, pathname, finished });
  }
  return [state.finished, () => setState((current) => ({ ...current, finished: null }))];
}

import type { ProjectStatus } from '@basin/core';
import type { BadgeTone } from '../../ui/badge';

/** How each project status reads in a badge. */
export const STATUS_LABELS: Record<ProjectStatus, { label: string; tone: BadgeTone }> = {
  ACTIVE_HEALTHY: { label: 'Healthy', tone: 'success' },
  COMING_UP: { label: 'Setting up', tone: 'info' },
  UNKNOWN: { label: 'Connecting', tone: 'neutral' },
  INACTIVE: { label: 'Paused', tone: 'neutral' },
  GOING_DOWN: { label: 'Deleting', tone: 'danger' },
  PAUSING: { label: 'Pausing', tone: 'warning' },
  PAUSE_FAILED: { label: 'Pause failed', tone: 'danger' },
  RESTARTING: { label: 'Restarting', tone: 'warning' },
  RESIZING: { label: 'Resizing', tone: 'warning' },
  UPGRADING: { label: 'Upgrading', tone: 'warning' },
  RESTORING: { label: 'Restoring', tone: 'warning' },
  RESTORE_FAILED: { label: 'Restore failed', tone: 'danger' },
  INIT_FAILED: { label: 'Failed to start', tone: 'danger' },
};

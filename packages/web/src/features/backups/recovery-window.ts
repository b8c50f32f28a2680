import { PITR_MESSAGES } from '@basin/core';
import type { PitrStatusResponse } from '@basin/core/schemas';
import { fromDateTimeLocal, toDateTimeLocal } from '../../lib/datetime-local';
import { formatDateTimeWithZone } from '../../lib/format-date';

/** The seconds a project can be restored or branched to, as whole seconds (ms since 1970). */
export interface RecoveryWindow {
  earliestMs: number;
  latestMs: number;
}

/** The window of a PITR status; null while archiving is off or the first base backup runs. */
export function recoveryWindowOf(status: PitrStatusResponse | undefined): RecoveryWindow | null {
  if (!status?.pitr_enabled || !status.earliest_recoverable_at || !status.latest_recoverable_at) return null;
  // Whole seconds inside the window: the picker and the API count in seconds.
  const earliestMs = Math.ceil(Date.parse(status.earliest_recoverable_at) / 1000) * 1000;
  const latestMs = Math.floor(Date.parse(status.latest_recoverable_at) / 1000) * 1000;
  return earliestMs <= latestMs ? { earliestMs, latestMs } : null;
}

export const formatWindowBound = (ms: number) => formatDateTimeWithZone(new Date(ms).toISOString());

/** The input's bounds, in the browser's zone as `datetime-local` takes them. */
export const windowInputBounds = (window: RecoveryWindow) => ({
  min: toDateTimeLocal(window.earliestMs),
  max: toDateTimeLocal(window.latestMs),
});

/** Why a picked value cannot be recovered to (empty, or outside the window), or null. Core's wording, the server's too. */
export function recoveryTimeError(value: string, window: RecoveryWindow): string | null {
  const ms = fromDateTimeLocal(value);
  if (ms !== null && ms >= window.earliestMs && ms <= window.latestMs) return null;
  return PITR_MESSAGES.outsideWindow(formatWindowBound(window.earliestMs), formatWindowBound(window.latestMs));
}

/** A valid picked value in Unix seconds, as the API takes it. */
export const toUnixSeconds = (value: string) => Math.floor((fromDateTimeLocal(value) ?? 0) / 1000);

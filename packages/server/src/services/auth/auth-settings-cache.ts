/**
 * A project's auth settings for the auth API (/auth/v1), which reads them on every request: one
 * read per project every 2 s at most, shared by concurrent callers. updateAuthConfig forgets a
 * project's entry after writing, so a change applies to the next request.
 */
import * as authSettings from '../../store/auth-settings.ts';
import type { AuthSettingsRow } from '../../store/auth-settings.ts';
import type { PlatformContext } from '../../kernel/context.ts';

export const AUTH_SETTINGS_TTL_MS = 2_000;

interface Entry {
  ctx: PlatformContext;
  readAt: number;
  row: Promise<AuthSettingsRow>;
}

const entries = new Map<string, Entry>();

/** The project's settings as stored (smtp_pass sealed), at most 2 s old. */
export function cachedAuthSettings(ctx: PlatformContext, ref: string): Promise<AuthSettingsRow> {
  const now = Date.now();
  const cached = entries.get(ref);
  if (cached && cached.ctx === ctx && now - cached.readAt < AUTH_SETTINGS_TTL_MS) return cached.row;
  const entry: Entry = { ctx, readAt: now, row: authSettings.read(ctx.db, ref) };
  entries.set(ref, entry);
  // A failed read is not kept (unless a newer one replaced it meanwhile).
  entry.row.catch(() => {
    if (entries.get(ref) === entry) entries.delete(ref);
  });
  sweep(now);
  return entry.row;
}

/** The next cachedAuthSettings of the project reads the store again. */
export function forgetAuthSettings(ref: string): void {
  entries.delete(ref);
}

let lastSweep = 0;
/** Drops expired entries now and then, so projects that no longer get requests take no memory. */
function sweep(now: number): void {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  for (const [ref, entry] of entries) if (now - entry.readAt >= AUTH_SETTINGS_TTL_MS) entries.delete(ref);
}

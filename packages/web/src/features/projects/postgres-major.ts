import { VERSION_PREFIX } from '@basin/core';

/** The major of a project's dbVersion ('supabase-postgres-15.8.1' → 15) or of an engine ('17-oriole' → 17); NaN if unreadable. */
export function postgresMajor(versionOrEngine: string): number {
  const text = versionOrEngine.startsWith(VERSION_PREFIX) ? versionOrEngine.slice(VERSION_PREFIX.length) : versionOrEngine;
  return Number.parseInt(text, 10);
}

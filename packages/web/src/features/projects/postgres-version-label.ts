import { VERSION_PREFIX } from '@basin/core';

/** 'supabase-postgres-17.10.0' reads as '17.10.0'. */
export function postgresVersionLabel(dbVersion: string): string {
  return dbVersion.startsWith(VERSION_PREFIX) ? dbVersion.slice(VERSION_PREFIX.length) : dbVersion;
}

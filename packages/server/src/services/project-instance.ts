import { instanceSettings } from '@basin/core';
import type { InstanceSpec, PostgresMajor } from '../instances/types.ts';
import type { ProjectRow } from '../store/projects.ts';
import type { SecretBox } from './secrets.ts';

/** The superuser's password of a project's instance: derived from the platform secret, never stored. */
export const instanceAdminPassword = (box: SecretBox, ref: string) => box.derive(`instance-admin:${ref}`);

/**
 * The instance a project row describes, with its passwords unsealed for the driver. The admin
 * password is derived, never stored: only the platform can work it out.
 */
export function instanceSpec(row: ProjectRow, box: SecretBox): InstanceSpec {
  if (row.port === null) throw new Error(`Project ${row.ref} has no port`);
  return {
    ref: row.ref,
    major: row.postgres_major as PostgresMajor,
    port: row.port,
    adminPassword: instanceAdminPassword(box, row.ref),
    postgresPassword: box.open(row.db_password),
    readonlyPassword: box.open(row.readonly_password),
    settings: instanceSettings(row.compute_size),
  };
}

export function connectionString(user: string, password: string, port: number): string {
  return `postgresql://${user}:${password}@127.0.0.1:${port}/postgres`;
}

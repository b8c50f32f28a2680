import type PgBoss from 'pg-boss';
import type { PlatformConfig } from '../config.ts';
import type { InstanceDriver } from '../instances/types.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import type { SecretBox } from './secrets.ts';

/** What the services need from the running platform. */
export interface PlatformContext {
  config: PlatformConfig;
  db: Db;
  driver: InstanceDriver;
  queue: PgBoss;
  box: SecretBox;
  logger: Logger;
}

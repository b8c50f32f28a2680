import PgBoss from 'pg-boss';
import type { Logger } from '../logger.ts';
import { createQueues } from './index.ts';

/** pg-boss on the platform store: lifecycle work survives platform restarts. */
export async function startQueue(connectionString: string, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4, schema: 'pgboss' });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await createQueues(boss);
  return boss;
}

import PgBoss from 'pg-boss';
import type { Logger } from '../logger.ts';
import { QUEUES } from './queues.ts';

/** pg-boss on the platform store: lifecycle work survives platform restarts. */
export async function startQueue(connectionString: string, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4, schema: 'pgboss' });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  return boss;
}

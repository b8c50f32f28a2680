import getPort from 'get-port';
import { createServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import { createAuth, migrateAuth } from './auth.ts';
import type { PlatformConfig } from './config.ts';
import { createRequestListener } from './http/app.ts';
import { serveRealtimeSockets } from './http/realtime-socket.ts';
import { EmbeddedDriver, protectDataDir, startSupervisor } from './instances/index.ts';
import { kubernetesDriverFromEnv } from './instances/kubernetes/index.ts';
import { startBackupSchedule } from './jobs/backup-schedule.ts';
import { startRealtimePruning } from './jobs/realtime-retention.ts';
import { startLogPruning } from './jobs/log-retention.ts';
import { startResumableCleanup } from './jobs/resumable-cleanup.ts';
import { warnIfUpgradesBlocked } from './services/infrastructure/upgrades.ts';
import { startWorkers } from './jobs/index.ts';
import { startQueue } from './jobs/queue.ts';
import { startResourceSampling } from './jobs/resource-sampling.ts';
import { functionsRuntime, stopFunctions } from './functions/runtime.ts';
import { createLogger } from './logger.ts';
import { startPostgresLogCollector } from './logs/postgres-log-collector.ts';
import { closeReaderPools } from './logs/reader-role.ts';
import { closeAllRestPools } from './rest/pool.ts';
import type { PlatformContext } from './kernel/context.ts';
import { loadInstallFeatureFlags } from './services/account/feature-flags.ts';
import { reconcileProjects, restartIfStillRunning, runningInstances } from './services/projects/reconcile.ts';
import { loadOrCreateSecret, SecretBox } from './kernel/secrets.ts';
import { createPool } from './store/db.ts';
import * as disks from './store/disks.ts';
import { startPlatformStore } from './store/embedded.ts';
import { migrate } from './store/migrate.ts';
import * as projects from './store/projects.ts';

export interface Platform {
  url: string;
  ctx: PlatformContext;
  stop(): Promise<void>;
}

/**
 * Starts everything Basin is: the platform store (embedded Postgres unless DATABASE_URL), its
 * migrations, the job queue and its workers, the project instances that should be running, their
 * health checks, and the HTTP server. stop() undoes it all, instances included.
 */
export async function startPlatform(config: PlatformConfig): Promise<Platform> {
  loadInstallFeatureFlags(); // BASIN_FEATURE_FLAGS: a bad value stops the start before anything runs
  const logger = createLogger(config.logLevel);
  const port = config.port || (await getPort({ host: config.host }));
  const url = `http://${config.host}:${port}`;
  await protectDataDir(config.dataDir);
  const secret = await loadOrCreateSecret(config.dataDir, config.secret);
  // BASIN_INSTANCE_DRIVER=kubernetes: CloudNativePG Clusters (instances/kubernetes), else local processes.
  const driver =
    kubernetesDriverFromEnv(process.env, {
      log: (line) => logger.info({ line }, 'instance driver'),
      describeProject: async (ref) => {
        const row = await projects.findByRef(db, ref); // db: made below, before any job or start
        return row && { computeSize: row.compute_size, disk: (await disks.find(db, row.id)).attributes };
      },
    }) ??
    new EmbeddedDriver({
      projectsDir: path.join(config.dataDir, 'projects'),
      log: (line) => logger.debug({ line }, 'instance driver'),
      serverLog: 'jsonlog',
    });
  const store = await startPlatformStore(config, secret, logger);
  const db = createPool(store.connectionString);

  const auth = createAuth({
    pool: db,
    secret,
    baseURL: url,
    trustedOrigins: [url, `http://localhost:${port}`, `http://127.0.0.1:${port}`, ...config.allowedOrigins],
    signInAttemptsPerMinute: config.signInAttemptsPerMinute,
    logger,
  });
  await migrateAuth(auth);
  await migrate(db);

  const queue = await startQueue(store.connectionString, logger);
  const ctx: PlatformContext = { config: { ...config, port }, db, driver, queue, box: new SecretBox(secret), logger };

  void functionsRuntime(ctx).confinement(); // logs at start how functions will run (or that they cannot)
  await startBackupSchedule(ctx);
  await startRealtimePruning(ctx);
  await startResumableCleanup(ctx);
  await startLogPruning(ctx);
  void warnIfUpgradesBlocked(ctx).catch((err: unknown) => logger.warn({ err }, 'the upgrade tools were not checked'));
  await reconcileProjects(ctx);
  await startWorkers(ctx);
  const stopSupervisor = startSupervisor({
    driver,
    intervalMs: config.healthCheckIntervalMs,
    listRunning: () => runningInstances(ctx),
    restart: restartIfStillRunning(ctx),
    onRestart: (ref, error) =>
      logger.warn({ ref, failed: error ? String(error) : undefined }, 'restarted an instance that stopped answering'),
    onError: (error) => logger.error({ err: error }, 'health check round failed'),
  });

  const stopSampling = startResourceSampling(ctx);
  const stopLogCollector = startPostgresLogCollector(ctx);

  const server = await listen(createRequestListener(ctx, auth), port, config.host);
  const realtime = serveRealtimeSockets(ctx, server);
  logger.info({ url }, 'platform started');

  return {
    url,
    ctx,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await realtime.close(); // open sockets would keep the server from closing
      await closed;
      await stopFunctions(ctx);
      await stopSupervisor();
      await stopSampling();
      await stopLogCollector();
      await stopQueue(queue);
      await closeAllRestPools();
      await closeReaderPools(ctx);
      await driver.stopAll();
      await db.end();
      await store.stop();
    },
  };
}

function listen(listener: RequestListener, port: number, hostname: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(listener);
    server.once('error', reject);
    server.listen(port, hostname, () => resolve(server));
  });
}

async function stopQueue(queue: PgBoss): Promise<void> {
  await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
}

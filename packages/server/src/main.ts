import { configFromEnv } from './config.ts';
import { startPlatform } from './platform.ts';

/** `npm start`: run Basin until Ctrl+C, then stop every Postgres instance it started. */
const platform = await startPlatform(configFromEnv());
console.log(`Basin is running at ${platform.url}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Basin and its Postgres instances...`);
  try {
    await platform.stop();
    process.exit(0);
  } catch (error) {
    console.error('Basin did not stop cleanly:', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

export { configFromEnv, type PlatformConfig } from './config.ts';
export { startPlatform, type Platform } from './platform.ts';

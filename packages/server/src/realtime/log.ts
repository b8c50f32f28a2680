/** Realtime's events in the project's realtime_logs (store/realtime-logs.ts), written in batches. */
import { batchedLog } from '../services/observability/log-batches.ts';
import * as realtimeLogs from '../store/realtime-logs.ts';

export const recordRealtimeEvent = batchedLog({ name: 'realtime log', insertMany: realtimeLogs.insertMany });

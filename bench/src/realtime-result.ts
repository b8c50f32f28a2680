/** What realtime-times.ts hands the realtime load process (realtime-load.ts), what it answers, and how it runs. */
import type { CpuTime } from './process-cpu.ts';

/** Sockets opened (and joined) at once. */
export const OPENING = 50;
/** How long an insert's events are waited for before they count as missing. */
export const EVENT_WAIT_MS = 1_000;
/** Broadcasts whose deliveries may be outstanding at once (a closed loop on what the receivers heard). */
export const BROADCAST_WINDOW = 20;
export const BROADCAST_WARM_UP_MS = 1_500;

export interface RealtimeLoadConfig {
  /** `ws://…/realtime/v1/websocket?apikey=<anon>&vsn=2.0.0` of the project, by the gateway's path form. */
  socketUrl: string;
  /** The project's postgres connection string: the inserts come from the load process. */
  connectionString: string;
  /** The platform's process, whose CPU time (/proc/<pid>/stat) and resident set (/proc/<pid>/status) are read. */
  platformPid: number;
  /** Access tokens of distinct users (authenticated, each its own `sub`). */
  userTokens: string[];
  /** A table in the supabase_realtime publication with an int `seq` column that every role here may see. */
  table: string;
  /** Idle sockets wanted; fewer when the open-file limits cannot hold them. */
  idleSockets: number;
  broadcastReceivers: number;
  broadcastSeconds: number;
}

/** Platform CPU time over a window of `wallMs`. */
export type { CpuTime };

export interface LatencyResult {
  subscribers: number;
  inserts: number;
  /** Insert sent → event heard, over every delivery of the measured inserts. */
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  deliveries: number;
  /** Deliveries that did not arrive within the wait. */
  missing: number;
  platformCpu: CpuTime;
}

export interface BroadcastResult {
  receivers: number;
  seconds: number;
  deliveriesPerSecond: number;
  /** Deliveries counted in the measured window. */
  deliveries: number;
  messagesSent: number;
  /** Deliveries never heard after the sender stopped and the sockets drained. */
  lost: number;
  platformCpu: CpuTime;
  /** This (the clients') process's CPU time over the same window. */
  loadCpuMs: number;
}

export interface IdleResult {
  sockets: number;
  openSeconds: number;
  beforeBytes: number;
  afterBytes: number;
  /** The open-file limits that sized `sockets`: the load process's and the platform's (soft). */
  loadFileLimit: number;
  platformFileLimit: number;
}

export interface RealtimeLoadResult {
  /** The platform doing nothing, before the runs. */
  baseline: CpuTime;
  idle: IdleResult;
  oneSubscriber: LatencyResult;
  sameRole: LatencyResult;
  distinctUsers: LatencyResult;
  broadcast: BroadcastResult;
}

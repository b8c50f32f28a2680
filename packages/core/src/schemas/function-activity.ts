import { z } from 'zod';

/**
 * What the function details page shows of one function's recent activity (a Basin route: the
 * hosted dashboard reads the same from its analytics endpoints): the newest invocations as the
 * gateway logged them and the newest console lines of its workers, newest first. Times are ISO.
 */
export const FunctionInvocation = z
  .object({
    timestamp: z.string(),
    execution_id: z.string().nullable(),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    execution_time_ms: z.number(),
    memory_used_mb: z.number().nullable(),
    /** Why the platform ended the request (e.g. a time or memory limit); null when the function answered. */
    error_code: z.string().nullable(),
    version: z.number().int().nullable(),
  })
  .meta({ id: 'FunctionInvocation' });
export type FunctionInvocation = z.infer<typeof FunctionInvocation>;

export const FUNCTION_LOG_EVENT_TYPES = ['Boot', 'Log', 'Shutdown', 'UncaughtException'] as const;
export const FUNCTION_LOG_LEVELS = ['log', 'info', 'warning', 'error'] as const;

export const FunctionLogLine = z
  .object({
    timestamp: z.string(),
    execution_id: z.string().nullable(),
    event_type: z.enum(FUNCTION_LOG_EVENT_TYPES),
    level: z.enum(FUNCTION_LOG_LEVELS),
    event_message: z.string(),
    version: z.number().int().nullable(),
  })
  .meta({ id: 'FunctionLogLine' });
export type FunctionLogLine = z.infer<typeof FunctionLogLine>;

export const FunctionActivity = z
  .object({ invocations: z.array(FunctionInvocation), logs: z.array(FunctionLogLine) })
  .meta({ id: 'FunctionActivity' });
export type FunctionActivity = z.infer<typeof FunctionActivity>;

/**
 * How this server runs edge functions (a Basin route): inside the OS sandbox (`bwrap`), without it
 * by the operator's choice (`off`), or not at all because no sandbox is available (`unavailable`,
 * with why and what to install). The Edge Functions pages warn in the last two cases.
 */
export const FunctionsRuntimeStatus = z
  .object({ sandbox: z.enum(['bwrap', 'off', 'unavailable']), reason: z.string().nullable() })
  .meta({ id: 'FunctionsRuntimeStatus' });
export type FunctionsRuntimeStatus = z.infer<typeof FunctionsRuntimeStatus>;

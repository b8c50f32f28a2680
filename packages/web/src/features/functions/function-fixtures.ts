import type { EdgeFunction, FunctionActivity } from '@basin/core/schemas';

export const edgeFunction = (slug: string, fields: Partial<EdgeFunction> = {}): EdgeFunction => ({
  id: `fn-${slug}`,
  slug,
  name: slug,
  status: 'ACTIVE',
  version: 1,
  created_at: Date.parse('2026-03-01T10:00:00.000Z'),
  updated_at: Date.parse('2026-03-02T11:30:00.000Z'),
  verify_jwt: true,
  import_map: false,
  entrypoint_path: 'index.ts',
  import_map_path: null,
  ezbr_sha256: 'a'.repeat(64),
  ...fields,
});

export const activity = (fields: Partial<FunctionActivity> = {}): FunctionActivity => ({
  invocations: [
    {
      timestamp: '2026-03-02T11:31:02.000Z',
      execution_id: 'exec-1',
      method: 'POST',
      path: '/hello',
      status: 200,
      execution_time_ms: 1432,
      memory_used_mb: 21.5,
      error_code: null,
      version: 1,
    },
    {
      timestamp: '2026-03-02T11:31:00.000Z',
      execution_id: 'exec-0',
      method: 'GET',
      path: '/hello',
      status: 546,
      execution_time_ms: 12,
      memory_used_mb: null,
      error_code: 'WORKER_LIMIT',
      version: 1,
    },
  ],
  logs: [
    {
      timestamp: '2026-03-02T11:31:02.000Z',
      execution_id: 'exec-1',
      event_type: 'Log',
      level: 'log',
      event_message: 'Saying hello to Functions',
      version: 1,
    },
    {
      timestamp: '2026-03-02T11:31:01.000Z',
      execution_id: null,
      event_type: 'Boot',
      level: 'info',
      event_message: 'booted (time: 120ms)',
      version: 1,
    },
  ],
  ...fields,
});

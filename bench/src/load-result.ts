/** What the load process reports back on stdout. */
export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

const FIELDS = ['requestsPerSecond', 'latencyP50Ms', 'latencyP99Ms', 'total', 'non2xx', 'errors'] as const;

export function parseLoadResult(text: string): LoadResult {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) throw new Error(`load process printed no result: ${text}`);
  const fields = value as Record<string, unknown>;
  for (const field of FIELDS) {
    if (typeof fields[field] !== 'number') throw new Error(`load result lacks ${field}: ${text}`);
  }
  return value as LoadResult;
}

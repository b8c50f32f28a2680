import { useQuery } from '@tanstack/react-query';
import { keyLastUsedRange, keyLastUsedSql, keySignaturePrefix, keysLastUsedFromRows } from '@basin/core';
import type { ApiKeyItem, ApiKeyLastUsed } from '@basin/core/schemas';
import { fetchLogsAll } from '../logs/logs-all';

export const apiKeysLastUsedKey = (ref: string | undefined) => ['projects', ref, 'api-keys-last-used'] as const;

/**
 * When the anon and service_role keys were last presented to the project's API in the last 24 h:
 * a log query (logs.all) over edge_logs for the first characters of each key's signature, which
 * is all the logs keep of a key. Only for members who may read the keys (they are needed to ask).
 */
export function useApiKeysLastUsedQuery(ref: string | undefined, keys: ApiKeyItem[] | undefined, { enabled = true } = {}) {
  const asked = (keys ?? []).map((key) => ({ role: key.tags, prefix: keySignaturePrefix(key.api_key) }));
  const prefixes = asked.flatMap((key) => (key.prefix === null ? [] : [key.prefix]));
  return useQuery({
    queryKey: [...apiKeysLastUsedKey(ref), prefixes] as const,
    queryFn: async ({ signal }): Promise<ApiKeyLastUsed[]> => {
      const answer = await fetchLogsAll(ref, { sql: keyLastUsedSql(prefixes), ...keyLastUsedRange(new Date()) }, signal);
      if (answer.error) throw new Error(answer.error.message);
      return keysLastUsedFromRows(asked, answer.result);
    },
    enabled: Boolean(ref) && enabled && keys !== undefined,
  });
}

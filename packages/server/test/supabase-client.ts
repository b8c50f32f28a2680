import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';

/** Node 20 has no WebSocket of its own: the client's realtime part takes ws's. */
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

type AuthOptions = NonNullable<SupabaseClientOptions<'public'>['auth']>;

/** The real supabase-js client on a project's API URL, as an app on a server would make it (`auth` adds to its auth options). */
export function supabaseClient(apiUrl: string, key: string, accessToken?: string, auth: AuthOptions = {}): SupabaseClient {
  return createClient(apiUrl, key, {
    realtime: { transport: WebSocket as unknown as Transport },
    auth: { persistSession: false, autoRefreshToken: false, ...auth },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  });
}

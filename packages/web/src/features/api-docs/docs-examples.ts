import type { SwaggerDefinition, SwaggerProperty } from '../../data/pg-meta/types';

/**
 * The code examples of the API docs panel, one JavaScript (supabase-js) and one Bash (curl) text
 * each. Keys are placeholders but in the client example; `LIST_LIMIT` caps every list example.
 */
export type DocsLanguage = 'javascript' | 'bash';

export interface Example {
  title: string;
  description?: string;
  javascript: string;
  bash: string;
}

export const LIST_LIMIT = 100;
export const SIGNED_URL_EXPIRY_SECONDS = 60;
export const ANON_KEY = '<anon-key>';
export const SERVICE_ROLE_KEY = '<service-role-key>';

const headers = (key: string) => `-H "apikey: ${key}" \\\n  -H "Authorization: Bearer ${key}"`;
const jsonHeader = '-H "Content-Type: application/json"';

/** With the project's anon key when the member may read it. */
export function clientExample(url: string, anonKey = ANON_KEY): Example {
  return {
    title: 'Initialise the client',
    description: 'Every request carries the project URL and a key.',
    javascript: `import { createClient } from '@supabase/supabase-js'\n\nconst supabase = createClient('${url}', '${anonKey}')`,
    bash: `curl '${url}/rest/v1/' \\\n  ${headers(anonKey)}`,
  };
}

export function authExamples(url: string): Example[] {
  const auth = `${url}/auth/v1`;
  const post = (path: string, body: string, key = ANON_KEY) =>
    `curl -X POST '${auth}${path}' \\\n  ${headers(key)} \\\n  ${jsonHeader} \\\n  -d '${body}'`;
  return [
    {
      title: 'Sign up',
      javascript: `const { data, error } = await supabase.auth.signUp({\n  email: 'someone@example.com',\n  password: 'a-long-password',\n})`,
      bash: post('/signup', '{ "email": "someone@example.com", "password": "a-long-password" }'),
    },
    {
      title: 'Sign in with a password',
      javascript: `const { data, error } = await supabase.auth.signInWithPassword({\n  email: 'someone@example.com',\n  password: 'a-long-password',\n})`,
      bash: post('/token?grant_type=password', '{ "email": "someone@example.com", "password": "a-long-password" }'),
    },
    {
      title: 'Sign in with a magic link',
      javascript: `const { data, error } = await supabase.auth.signInWithOtp({ email: 'someone@example.com' })`,
      bash: post('/magiclink', '{ "email": "someone@example.com" }'),
    },
    {
      title: 'Send a one-time password by SMS',
      javascript: `const { data, error } = await supabase.auth.signInWithOtp({ phone: '+13334445555' })`,
      bash: post('/otp', '{ "phone": "+13334445555" }'),
    },
    {
      title: 'Verify a one-time password',
      javascript: `const { data, error } = await supabase.auth.verifyOtp({ phone: '+13334445555', token: '123456', type: 'sms' })`,
      bash: post('/verify', '{ "type": "sms", "phone": "+13334445555", "token": "123456" }'),
    },
    {
      title: 'Get the signed-in user',
      javascript: `const { data: { user } } = await supabase.auth.getUser()`,
      bash: `curl '${auth}/user' \\\n  -H "apikey: ${ANON_KEY}" \\\n  -H "Authorization: Bearer <user-access-token>"`,
    },
    {
      title: 'Update the user',
      javascript: `const { data, error } = await supabase.auth.updateUser({ data: { nickname: 'ada' } })`,
      bash: `curl -X PUT '${auth}/user' \\\n  -H "apikey: ${ANON_KEY}" \\\n  -H "Authorization: Bearer <user-access-token>" \\\n  ${jsonHeader} \\\n  -d '{ "data": { "nickname": "ada" } }'`,
    },
    {
      title: 'Send a password recovery email',
      javascript: `const { data, error } = await supabase.auth.resetPasswordForEmail('someone@example.com')`,
      bash: post('/recover', '{ "email": "someone@example.com" }'),
    },
    {
      title: 'Sign out',
      javascript: `const { error } = await supabase.auth.signOut()`,
      bash: `curl -X POST '${auth}/logout' \\\n  -H "apikey: ${ANON_KEY}" \\\n  -H "Authorization: Bearer <user-access-token>"`,
    },
    {
      title: 'Invite a user',
      description: 'Inviting needs the service role key: run it on a server, never in a browser.',
      javascript: `const { data, error } = await supabase.auth.admin.inviteUserByEmail('someone@example.com')`,
      bash: post('/invite', '{ "email": "someone@example.com" }', SERVICE_ROLE_KEY),
    },
  ];
}

export function oauthExample(): Example {
  return {
    title: 'Sign in with a third-party provider',
    description: 'Enable the provider in the authentication settings first.',
    javascript: `const { data, error } = await supabase.auth.signInWithOAuth({ provider: 'github' })`,
    bash: `# OAuth sign-in runs in a browser: open\n# <project-url>/auth/v1/authorize?provider=github`,
  };
}

type Sample = string | number | boolean | unknown[] | Record<string, never>;

/** A value of the column's type for the examples (json columns take any JSON: an object). */
function sampleValue(property: SwaggerProperty | undefined, text = 'value'): Sample {
  if (property?.enum?.[0]) return property.enum[0];
  if (property?.type === 'integer') return 1;
  if (property?.type === 'number') return 1.5;
  if (property?.type === 'boolean') return true;
  if (property?.type === 'array') return [];
  if (property && !property.type) return {};
  if (property?.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
  if (property?.format?.startsWith('timestamp')) return '2025-01-01T00:00:00Z';
  if (property?.format === 'date') return '2025-01-01';
  return text;
}

const jsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const jsValue = (value: Sample) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));
const jsObject = (row: [string, Sample][]) => `{ ${row.map(([name, value]) => `${jsKey(name)}: ${jsValue(value)}`).join(', ')} }`;
const jsonObject = (row: [string, Sample][]) =>
  `{ ${row.map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`).join(', ')} }`;

/**
 * The table's columns the examples use: the key its filters match (the primary key, else the first
 * column), the columns an insert sets (the required ones but the key, else the first other column)
 * and the one an update changes.
 */
function exampleColumns(definition: SwaggerDefinition | undefined) {
  const properties = Object.entries(definition?.properties ?? {});
  const key = properties.find(([, property]) => property.description?.includes('<pk/>')) ?? properties[0] ?? ['id', { type: 'integer' }];
  const others = properties.filter(([name]) => name !== key[0]);
  const required = others.filter(([name]) => definition?.required?.includes(name));
  const inserted = required.length > 0 ? required : [others[0] ?? key];
  const updated = others[0] ?? key;
  const row = (columns: [string, SwaggerProperty][], text?: string) =>
    columns.map(([name, property]): [string, Sample] => [name, sampleValue(property, text)]);
  return { key: row([key])[0]!, insert: row(inserted), update: row([updated], 'new value') };
}

/** The table's examples, with its own columns (from its API description) in filters, inserts and updates. */
export function tableExamples(url: string, table: string, definition?: SwaggerDefinition): Example[] {
  const rest = `${url}/rest/v1/${encodeURIComponent(table)}`;
  const { key, insert, update } = exampleColumns(definition);
  const [keyName, keyValue] = key;
  const eq = `.eq('${keyName}', ${jsValue(keyValue)})`;
  const filter = `${encodeURIComponent(keyName)}=eq.${encodeURIComponent(String(keyValue))}`;
  return [
    {
      title: 'Read rows',
      javascript: `const { data, error } = await supabase\n  .from('${table}')\n  .select('*')\n  .limit(${LIST_LIMIT})`,
      bash: `curl '${rest}?select=*&limit=${LIST_LIMIT}' \\\n  ${headers(ANON_KEY)}`,
    },
    {
      title: 'Filter rows',
      javascript: `const { data, error } = await supabase\n  .from('${table}')\n  .select('*')\n  ${eq}`,
      bash: `curl '${rest}?${filter}&select=*' \\\n  ${headers(ANON_KEY)}`,
    },
    {
      title: 'Insert a row',
      javascript: `const { data, error } = await supabase\n  .from('${table}')\n  .insert(${jsObject(insert)})\n  .select()`,
      bash: `curl -X POST '${rest}' \\\n  ${headers(ANON_KEY)} \\\n  ${jsonHeader} \\\n  -H "Prefer: return=representation" \\\n  -d '${jsonObject(insert)}'`,
    },
    {
      title: 'Update rows',
      javascript: `const { data, error } = await supabase\n  .from('${table}')\n  .update(${jsObject(update)})\n  ${eq}\n  .select()`,
      bash: `curl -X PATCH '${rest}?${filter}' \\\n  ${headers(ANON_KEY)} \\\n  ${jsonHeader} \\\n  -d '${jsonObject(update)}'`,
    },
    {
      title: 'Delete rows',
      javascript: `const { error } = await supabase\n  .from('${table}')\n  .delete()\n  ${eq}`,
      bash: `curl -X DELETE '${rest}?${filter}' \\\n  ${headers(ANON_KEY)}`,
    },
  ];
}

export function rpcExample(url: string, fn: string, args: string[]): Example {
  const body = `{ ${args.map((arg) => `"${arg}": "value"`).join(', ')} }`;
  const jsArgs = args.length > 0 ? `, { ${args.map((arg) => `${arg}: 'value'`).join(', ')} }` : '';
  return {
    title: 'Call the function',
    javascript: `const { data, error } = await supabase.rpc('${fn}'${jsArgs})`,
    bash: `curl -X POST '${url}/rest/v1/rpc/${encodeURIComponent(fn)}' \\\n  ${headers(ANON_KEY)} \\\n  ${jsonHeader} \\\n  -d '${body}'`,
  };
}

export function bucketExamples(url: string, bucket: string, isPublic: boolean): Example[] {
  const objects = `${url}/storage/v1/object`;
  const access: Example = isPublic
    ? {
        title: 'Public URL of a file',
        description: 'The bucket is public: anyone with the URL can read its files.',
        javascript: `const { data } = supabase.storage.from('${bucket}').getPublicUrl('folder/avatar.png')`,
        bash: `curl '${objects}/public/${bucket}/folder/avatar.png'`,
      }
    : {
        title: 'Signed URL of a file',
        description: `The bucket is private: share a file through a URL that expires after ${SIGNED_URL_EXPIRY_SECONDS} seconds.`,
        javascript: `const { data, error } = await supabase.storage\n  .from('${bucket}')\n  .createSignedUrl('folder/avatar.png', ${SIGNED_URL_EXPIRY_SECONDS})`,
        bash: `curl -X POST '${objects}/sign/${bucket}/folder/avatar.png' \\\n  ${headers(ANON_KEY)} \\\n  ${jsonHeader} \\\n  -d '{ "expiresIn": ${SIGNED_URL_EXPIRY_SECONDS} }'`,
      };
  return [
    {
      title: 'Upload a file',
      javascript: `const { data, error } = await supabase.storage\n  .from('${bucket}')\n  .upload('folder/avatar.png', file)`,
      bash: `curl -X POST '${objects}/${bucket}/folder/avatar.png' \\\n  ${headers(ANON_KEY)} \\\n  --data-binary @avatar.png`,
    },
    {
      title: 'List files',
      javascript: `const { data, error } = await supabase.storage\n  .from('${bucket}')\n  .list('folder', { limit: ${LIST_LIMIT} })`,
      bash: `curl -X POST '${objects}/list/${bucket}' \\\n  ${headers(ANON_KEY)} \\\n  ${jsonHeader} \\\n  -d '{ "prefix": "folder", "limit": ${LIST_LIMIT} }'`,
    },
    {
      title: 'Download a file',
      javascript: `const { data, error } = await supabase.storage.from('${bucket}').download('folder/avatar.png')`,
      bash: `curl '${objects}/${bucket}/folder/avatar.png' \\\n  ${headers(ANON_KEY)} \\\n  -o avatar.png`,
    },
    access,
  ];
}

export function edgeFunctionExample(url: string, name: string): Example {
  return {
    title: 'Invoke the function',
    javascript: `const { data, error } = await supabase.functions.invoke('${name}', {\n  body: { name: 'Functions' },\n})`,
    bash: `curl -X POST '${url}/functions/v1/${encodeURIComponent(name)}' \\\n  -H "Authorization: Bearer ${ANON_KEY}" \\\n  ${jsonHeader} \\\n  -d '{ "name": "Functions" }'`,
  };
}

/** A table name as SQL writes it: bare when it can be, else in double quotes. */
function sqlIdentifier(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

const jsString = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * Realtime's examples, each runnable as written after the client example above them: changes of a
 * table (once it is in the supabase_realtime publication), broadcast (over the socket, and over
 * HTTP for curl) and presence. Realtime speaks WebSocket, so curl has only the broadcast.
 */
export function realtimeExamples(url: string, table = 'todos', anonKey = ANON_KEY): Example[] {
  const broadcastBody = '{ "messages": [{ "topic": "room-1", "event": "cursor-pos", "payload": { "x": 1, "y": 2 } }] }';
  return [
    {
      title: 'Initialise the client',
      description:
        'Browsers and Node.js 22+ have WebSocket built in; on older Node.js pass realtime: { transport: WebSocket } from the ws package.',
      javascript: `import { createClient } from '@supabase/supabase-js'\n\nconst supabase = createClient('${url}', '${anonKey}')`,
      bash: `# Realtime speaks WebSocket at:\n# ${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`,
    },
    {
      title: 'Listen to database changes',
      description: `Only tables in the supabase_realtime publication send changes; add one once, in SQL: alter publication supabase_realtime add table public.${sqlIdentifier(table)};`,
      javascript: `const changes = supabase\n  .channel('table-db-changes')\n  .on(\n    'postgres_changes',\n    { event: '*', schema: 'public', table: ${jsString(table)} },\n    (payload) => console.log(payload.eventType, payload.new, payload.old),\n  )\n  .subscribe()`,
      bash: '# Database changes arrive over the WebSocket only: subscribe from a client library.',
    },
    {
      title: 'Broadcast',
      description: 'Messages between clients on one channel; self: true lets the sender hear its own.',
      javascript: `const room = supabase.channel('room-1', { config: { broadcast: { self: true } } })\n\nroom\n  .on('broadcast', { event: 'cursor-pos' }, ({ payload }) => console.log(payload))\n  .subscribe((status) => {\n    if (status !== 'SUBSCRIBED') return\n    room.send({ type: 'broadcast', event: 'cursor-pos', payload: { x: 1, y: 2 } })\n  })`,
      bash: `curl -X POST '${url}/realtime/v1/api/broadcast' \\\n  ${headers(anonKey)} \\\n  ${jsonHeader} \\\n  -d '${broadcastBody}'`,
    },
    {
      title: 'Presence',
      description: 'Who is on a channel: each client tracks its own state, everyone hears joins and leaves.',
      javascript: `const lobby = supabase.channel('lobby')\n\nlobby\n  .on('presence', { event: 'sync' }, () => console.log(lobby.presenceState()))\n  .on('presence', { event: 'join' }, ({ key, newPresences }) => console.log('joined', key, newPresences))\n  .on('presence', { event: 'leave' }, ({ key, leftPresences }) => console.log('left', key, leftPresences))\n  .subscribe(async (status) => {\n    if (status !== 'SUBSCRIBED') return\n    await lobby.track({ user: 'someone', online_at: new Date().toISOString() })\n  })`,
      bash: '# Presence needs the WebSocket: track from a client library.',
    },
  ];
}

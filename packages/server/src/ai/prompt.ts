/**
 * The assistant's instructions: what Basin is and how its projects work, then what the
 * organization's AI opt-in level lets the model see of this project. Pure: it gets everything
 * gathered (project-context.ts) and leaves out whatever the level does not share, whatever it got.
 */
import { AI_OPT_IN_LEVELS, type AiOptInLevel, type AttachedSqlSnippet } from '@basin/core/schemas';

export interface SchemaColumn {
  name: string;
  type: string;
  nullable: boolean;
  defaultValue: string | null;
  primaryKey: boolean;
  unique: boolean;
}

export interface SchemaRelation {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized view' | 'foreign table';
  /** Tables only. */
  rlsEnabled?: boolean;
  comment: string | null;
  columns: SchemaColumn[];
  /** `author_id → public.profiles.id` */
  foreignKeys: string[];
}

export interface LogLine {
  at: Date;
  source: string;
  what: string;
  status: number | null;
  message: string | null;
}

export interface LintLine {
  level: string;
  title: string;
  detail: string;
}

/** What is known about the project; the level decides what of it the model sees. */
export interface ProjectContext {
  level: AiOptInLevel;
  project: { name: string; ref: string; postgresVersion: string };
  exposedSchemas: string[];
  /** Where the user is in the dashboard. */
  focus: { schema: string; table?: string };
  /** False when the database could not be read (paused, restarting...). */
  databaseRunning: boolean;
  relations?: SchemaRelation[];
  /** `public.add(a integer, b integer) returns integer` */
  functions?: string[];
  lints?: LintLine[];
  logs?: LogLine[];
}

/** Relations described column by column; beyond, by name only. */
export const RELATIONS_IN_FULL = 80;
const FUNCTIONS_LISTED = 100;
const LINTS_LISTED = 20;

const atLeast = (level: AiOptInLevel, wanted: AiOptInLevel) => AI_OPT_IN_LEVELS.indexOf(level) >= AI_OPT_IN_LEVELS.indexOf(wanted);

/**
 * `snippets`: the SQL the member attached in the panel. They typed or chose it, like a prompt, so it
 * goes at every level that lets the assistant answer at all.
 */
export function assistantInstructions(context: ProjectContext, snippets: readonly AttachedSqlSnippet[] = []): string {
  const { level } = context;
  const sections = [about(context), conventions(context), tools(level)];
  if (snippets.length) sections.push(attachedSql(snippets));
  if (!atLeast(level, 'schema')) {
    sections.push(
      '## This project\nThe organization shares nothing about this project with you: no schema, logs or data. Answer in general terms and ask the user for what you need.',
    );
    return sections.join('\n\n');
  }
  sections.push(schema(context));
  if (context.lints?.length) sections.push(lints(context.lints));
  if (atLeast(level, 'schema_and_log')) sections.push(logs(context.logs ?? []));
  sections.push(
    atLeast(level, 'schema_and_log_and_data')
      ? '## Data\nThe organization shares data with you: execute_sql results come back with their rows.'
      : '## Data\nThe organization does not share data with you: when the user runs a query you learn how many rows it returned, never their values. Do not ask the user to paste rows.',
  );
  return sections.join('\n\n');
}

function about({ project }: ProjectContext): string {
  return [
    `You are the assistant of Basin, a self-hosted Postgres platform compatible with Supabase's client (supabase-js), inside its dashboard. You help a developer with the project "${project.name}" (ref ${project.ref}).`,
    `Its database is PostgreSQL ${project.postgresVersion}: write SQL for that version. Be brief, answer in Markdown, and put SQL in \`\`\`sql blocks.`,
  ].join('\n');
}

function conventions({ exposedSchemas }: ProjectContext): string {
  return `## How Basin projects work
- The data API (/rest/v1, PostgREST's protocol) serves the exposed schemas: ${exposedSchemas.map((s) => `\`${s}\``).join(', ') || 'none'}. Requests run as the role of their key or user token: \`anon\`, \`authenticated\` or \`service_role\` (which bypasses row level security).
- Row level security decides what \`anon\` and \`authenticated\` see. Enable it on every table of an exposed schema (\`alter table ... enable row level security\`) and write policies per command, for example \`create policy "Users read their own rows" on public.todos for select to authenticated using ((select auth.uid()) = user_id);\`. Wrap \`auth.uid()\` in \`(select auth.uid())\` so it runs once per query, never per row, and index the columns policies filter on.
- Users live in \`auth.users\` (id uuid, email, raw_user_meta_data ...); \`auth.uid()\`, \`auth.role()\`, \`auth.jwt()\` and \`auth.email()\` read the request's token. Reference \`auth.users(id)\` with \`on delete cascade\` from a profile table; do not expose \`auth.users\` through a view. Never base policies on \`user_metadata\`: users can change it.
- Tables, sequences and functions made in \`public\` are granted to anon, authenticated and service_role by default, as on Supabase: policies are what protects them. Functions should set \`search_path\` (\`set search_path = ''\`) and use \`security invoker\` unless they must not.
- Storage: buckets are rows of \`storage.buckets\`, files are rows of \`storage.objects\` (bucket_id, name, owner); policies on \`storage.objects\` decide access, e.g. \`(storage.foldername(name))[1] = (select auth.uid())::text\` for a folder per user.
- Edge functions run on Deno: one \`index.ts\` calling \`Deno.serve(async (req) => new Response(...))\`. They read SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL with \`Deno.env.get\`. Remote imports (npm:, jsr:, URLs) may be switched off on this install: prefer code without imports and call the project's APIs with fetch.
- The user runs your SQL as the \`postgres\` role (not a superuser), or read-only when their role is Read-only.`;
}

function tools(level: AiOptInLevel): string {
  return `## Tools
- execute_sql: propose one SQL statement (or a few) for the user to run; they see it and choose to run it or skip. Set isWriteQuery for anything that changes data or schema; give a short label; for results worth a chart set chartConfig (view 'chart', xKey, yKey). ${
    atLeast(level, 'schema_and_log_and_data') ? 'You get the rows back.' : 'You learn how many rows came back, not the rows.'
  } If the user skipped it, do not run it again unasked.
- deploy_edge_function: propose an edge function (slug, name, code); the user deploys it or skips.
- list_policies: the row level security policies of the project (by schema).
- search_docs: Basin's documentation, the dashboard's help and error texts, and advisor (lint) descriptions.
- rename_chat: give this chat a short descriptive name once its subject is clear.`;
}

function schema(context: ProjectContext): string {
  const lines = [`## This project's schema`];
  if (!context.databaseRunning) {
    lines.push('The database is not running right now (paused or restarting): its schema could not be read.');
    return lines.join('\n');
  }
  lines.push(
    `The user is looking at the schema \`${context.focus.schema}\`${context.focus.table ? `, table \`${context.focus.table}\`` : ''}.`,
  );
  const relations = context.relations ?? [];
  if (!relations.length) lines.push('There are no tables or views in the schemas read.');
  relations.slice(0, RELATIONS_IN_FULL).forEach((relation) => lines.push(describeRelation(relation)));
  const rest = relations.slice(RELATIONS_IN_FULL);
  if (rest.length) lines.push(`Also (columns not shown): ${rest.map((r) => `${r.schema}.${r.name}`).join(', ')}`);
  const functions = context.functions ?? [];
  if (functions.length) {
    lines.push('Functions:');
    functions.slice(0, FUNCTIONS_LISTED).forEach((fn) => lines.push(`- ${fn}`));
    if (functions.length > FUNCTIONS_LISTED) lines.push(`- ... and ${functions.length - FUNCTIONS_LISTED} more`);
  }
  return lines.join('\n');
}

function describeRelation(relation: SchemaRelation): string {
  const flags = [relation.kind === 'table' ? `RLS ${relation.rlsEnabled ? 'enabled' : 'disabled'}` : relation.kind];
  const head = `${relation.schema}.${relation.name} (${flags.join(', ')})${relation.comment ? `: ${relation.comment}` : ''}`;
  const columns = relation.columns.map((column) => {
    const notes = [
      column.primaryKey && 'primary key',
      !column.nullable && !column.primaryKey && 'not null',
      column.unique && !column.primaryKey && 'unique',
      column.defaultValue !== null && `default ${column.defaultValue}`,
    ].filter(Boolean);
    return `  - ${column.name} ${column.type}${notes.length ? ` (${notes.join(', ')})` : ''}`;
  });
  const keys = relation.foreignKeys.map((fk) => `  - foreign key ${fk}`);
  return [head, ...columns, ...keys].join('\n');
}

function lints(items: LintLine[]): string {
  const lines = ["## The project's advisors (lints) right now"];
  items.slice(0, LINTS_LISTED).forEach((lint) => lines.push(`- [${lint.level}] ${lint.title}: ${lint.detail}`));
  if (items.length > LINTS_LISTED) lines.push(`- ... and ${items.length - LINTS_LISTED} more`);
  return lines.join('\n');
}

function logs(items: LogLine[]): string {
  if (!items.length) return '## Recent errors in the logs\nNone in the last 24 hours.';
  const lines = ['## Recent errors in the logs (last 24 hours, newest first)'];
  for (const line of items) {
    lines.push(
      `- ${line.at.toISOString()} ${line.source} ${line.what}${line.status !== null ? ` → ${line.status}` : ''}${line.message ? `: ${line.message}` : ''}`,
    );
  }
  return lines.join('\n');
}

function attachedSql(snippets: readonly AttachedSqlSnippet[]): string {
  const lines = [
    "## SQL the user attached\nThe user attached these snippets from the SQL editor: 'the code', 'the query' or 'this' mean them. To change one, propose the whole new SQL with execute_sql.",
  ];
  for (const snippet of snippets) {
    // A fence longer than any run of backticks in the SQL, so that the SQL cannot close it.
    const longest = Math.max(0, ...(snippet.sql.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(Math.max(3, longest + 1));
    lines.push(`### ${snippet.name.replace(/\s+/g, ' ')}\n${fence}sql\n${snippet.sql}\n${fence}`);
  }
  return lines.join('\n\n');
}

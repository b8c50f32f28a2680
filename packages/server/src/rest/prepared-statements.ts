/**
 * A request's statement as a prepared statement of its session, as PostgREST prepares its
 * statements: Postgres parses and plans it once per session rather than once per request (about
 * half of a one-row read's time in Postgres). Statements differ by text alone, filters and bodies
 * being parameters. A session keeps its last KEPT and deallocates the oldest when another comes,
 * so that ever-new statements cannot grow a backend without bound.
 */
import type pg from 'pg';

export const KEPT = 100;

/** pg's own record of the statements a session has parsed: a deallocated one must leave it. */
type ParsedStatements = Record<string, string>;

/** Per session: statement text → name, oldest first. */
const sessions = new WeakMap<pg.PoolClient, { names: Map<string, string>; made: number }>();

export function preparedStatement(client: pg.PoolClient, text: string, values: unknown[]): pg.QueryConfig {
  let session = sessions.get(client);
  if (!session) sessions.set(client, (session = { names: new Map(), made: 0 }));
  let name = session.names.get(text);
  if (name) {
    session.names.delete(text);
  } else {
    name = `basin-statement-${++session.made}`;
    if (session.names.size >= KEPT) deallocateOldest(client, session.names);
  }
  session.names.set(text, name);
  return { name, text, values };
}

function deallocateOldest(client: pg.PoolClient, names: Map<string, string>): void {
  const [text, name] = names.entries().next().value!;
  names.delete(text);
  const parsed = (client.connection as unknown as { parsedStatements: ParsedStatements }).parsedStatements;
  // A statement whose parse failed is not on the server.
  if (!(name in parsed)) return;
  // In the request's transaction and its write; should that fail (an aborted transaction), the statement stays known.
  client.query(`deallocate ${client.escapeIdentifier(name)}`).then(
    () => delete parsed[name],
    () => names.set(text, name),
  );
}

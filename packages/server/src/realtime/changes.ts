/**
 * A project's row changes, read from its WAL by logical replication: the `supabase_realtime`
 * publication and the one of `realtime.messages` (instances/realtime-schema.ts), decoded by
 * pgoutput on one replication connection per project, opened when the first channel joins and
 * closed when the last has been gone a while (hub.ts). Its slot is made at open and dropped at close; a slot an
 * earlier run of the platform left behind is dropped first. Changes are never replayed: a
 * subscriber hears what commits after it joined, as with Supabase.
 */
import { LogicalReplicationService, type Pgoutput, PgoutputPlugin } from 'pg-logical-replication';
import { ADMIN_ROLE } from '../instances/postgres-role.ts';
import { MESSAGES_PUBLICATION, REALTIME_PUBLICATION, REALTIME_SLOT as SLOT } from '../instances/realtime-schema.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import type { ProjectRow } from '../store/projects.ts';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

/** A table as the stream last described it, with what the payloads and the checks need. */
export interface TableShape {
  schema: string;
  table: string;
  columns: { name: string; type: string }[];
  /** Column → type name, for filters. */
  types: Record<string, string>;
  primaryKey: string[];
  rowSecurity: boolean;
}

/** Rows are column → text as Postgres prints it (null for NULL). */
export type TextRow = Record<string, string | null>;

export interface RowChange {
  type: ChangeType;
  shape: TableShape;
  /** The transaction's id (32 bits, as pgoutput sends it). */
  xid: number;
  commitTimestamp: string;
  record: TextRow | null;
  /** The old row as the replica identity gives it: the key, or the whole row with `replica identity full`. */
  oldRecord: TextRow | null;
}

const ADMIN_TIMEOUT_MS = 10_000;

/** What the catalog says of a table that pgoutput does not: type names, the primary key, row level security. */
const SHAPE_SQL = `select
    (select relrowsecurity from pg_class where oid = $1) as row_security,
    coalesce((select array_agg(a.attname::text order by a.attnum)
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1 and i.indisprimary), '{}') as primary_key,
    coalesce((select json_object_agg(t.oid::int, t.typname) from pg_type t where t.oid = any($2::oid[])), '{}') as type_names`;

/** Text, exactly as sent: the payloads and filters work on Postgres's own printing of each value. */
const asText = (text: string) => text;

/**
 * pgoutput, with every column read as text. The parser puts pg's type parsers on a table's
 * columns when it reads the relation message, and reads the rows that follow with them as they
 * arrive, before any handler runs: so the text parser goes on here, as the relation is read.
 */
class TextPgoutputPlugin extends PgoutputPlugin {
  override parse(buffer: Buffer): Pgoutput.Message {
    const message = super.parse(buffer);
    if (message.tag === 'relation') for (const column of message.columns) column.parser = asText;
    return message;
  }
}

export class ChangeStream {
  readonly #ctx: PlatformContext;
  readonly #project: ProjectRow;
  readonly #service: LogicalReplicationService;
  readonly #shapes = new Map<number, TableShape>();
  #commitTimestamp = new Date().toISOString();
  #xid = 0;

  private constructor(ctx: PlatformContext, project: ProjectRow, onChange: (change: RowChange) => Promise<void>) {
    this.#ctx = ctx;
    this.#project = project;
    const spec = instanceSpec(project, ctx.box);
    const { host, port } = ctx.driver.endpoints(spec).platform;
    this.#service = new LogicalReplicationService(
      { host, port, user: ADMIN_ROLE, password: spec.adminPassword, database: 'postgres', application_name: 'basin-realtime' },
      // Each message is handled (checks included) before the next: changes reach clients in commit order.
      { acknowledge: { auto: true, timeoutSeconds: 10 }, flowControl: { enabled: true } },
    );
    this.#service.on('data', async (_lsn: string, message: Pgoutput.Message) => {
      try {
        const change = await this.#read(message);
        if (change) await onChange(change);
      } catch (err) {
        ctx.logger.error({ err, ref: project.ref }, 'realtime change not delivered');
      }
    });
  }

  /** Opens the stream; resolves once Postgres streams, so a change committed after it is heard. */
  static async open(
    ctx: PlatformContext,
    project: ProjectRow,
    onChange: (change: RowChange) => Promise<void>,
    onError: (error: Error) => void,
  ): Promise<ChangeStream> {
    await ctx.driver.adminSession(instanceSpec(project, ctx.box), ADMIN_TIMEOUT_MS, async (client) => {
      await client.query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active', [
        SLOT,
      ]);
      // Alone in its statement: a slot cannot be made in a transaction that wrote.
      await client.query(`select pg_create_logical_replication_slot($1, 'pgoutput')`, [SLOT]);
    });
    const stream = new ChangeStream(ctx, project, onChange);
    const started = new Promise<void>((resolve) => stream.#service.once('start', () => resolve()));
    const failed = new Promise<never>((_, reject) => stream.#service.once('error', reject));
    const subscribing = stream.#service.subscribe(
      new TextPgoutputPlugin({ protoVersion: 1, publicationNames: [REALTIME_PUBLICATION, MESSAGES_PUBLICATION] }),
      SLOT,
    );
    subscribing.catch(() => {}); // its end is reported through 'error' or by close()
    try {
      await Promise.race([started, failed]);
    } catch (error) {
      await stream.close();
      throw error;
    }
    stream.#service.on('error', onError);
    return stream;
  }

  /** Ends the connection and drops the slot, so nothing holds WAL for nobody. */
  async close(): Promise<void> {
    await this.#service.destroy().catch(() => {});
    const spec = instanceSpec(this.#project, this.#ctx.box);
    // The slot stays active a moment after the connection ends.
    for (let attempt = 0; attempt < 50; attempt++) {
      const dropped = await this.#ctx.driver
        .adminSession(spec, ADMIN_TIMEOUT_MS, async (client) => {
          const { rows } = await client.query<{ active: boolean }>('select active from pg_replication_slots where slot_name = $1', [SLOT]);
          if (rows[0]?.active) return false;
          if (rows[0]) await client.query('select pg_drop_replication_slot($1)', [SLOT]);
          return true;
        })
        .catch(() => true); // the instance is gone or stopping: its next stream drops the slot
      if (dropped) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async #read(message: Pgoutput.Message): Promise<RowChange | undefined> {
    switch (message.tag) {
      case 'begin':
        this.#commitTimestamp = new Date(Number(BigInt(message.commitTime.toString()) / 1000n)).toISOString();
        this.#xid = message.xid;
        return undefined;
      case 'relation':
        await this.#describe(message);
        return undefined;
      case 'insert':
        return this.#change('INSERT', message.relation.relationOid, message.new, null);
      case 'update':
        return this.#change('UPDATE', message.relation.relationOid, message.new, message.old ?? message.key);
      case 'delete':
        return this.#change('DELETE', message.relation.relationOid, null, message.old ?? message.key);
      default:
        return undefined;
    }
  }

  #change(type: ChangeType, relationOid: number, record: TextRow | null, oldRecord: TextRow | null): RowChange | undefined {
    const shape = this.#shapes.get(relationOid);
    return shape && { type, shape, xid: this.#xid, commitTimestamp: this.#commitTimestamp, record, oldRecord };
  }

  /** A relation message comes before a table's first change and after each change of its shape. */
  async #describe(relation: Pgoutput.MessageRelation): Promise<void> {
    const oids = [...new Set(relation.columns.map((column) => column.typeOid))];
    const spec = instanceSpec(this.#project, this.#ctx.box);
    const facts = await this.#ctx.driver.adminSession(spec, ADMIN_TIMEOUT_MS, async (client) => {
      const { rows } = await client.query<{ row_security: boolean | null; primary_key: string[]; type_names: Record<string, string> }>(
        SHAPE_SQL,
        [relation.relationOid, oids],
      );
      return rows[0]!;
    });
    const columns = relation.columns.map((column) => ({
      name: column.name,
      type: column.typeName ?? facts.type_names[column.typeOid] ?? 'text',
    }));
    this.#shapes.set(relation.relationOid, {
      schema: relation.schema,
      table: relation.name,
      columns,
      types: Object.fromEntries(columns.map((column) => [column.name, column.type])),
      primaryKey: facts.primary_key,
      rowSecurity: facts.row_security ?? false,
    });
  }
}

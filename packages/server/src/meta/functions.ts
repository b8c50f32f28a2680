import type { PgFunction, PgFunctionArg } from '@basin/core/schemas';
import type pg from 'pg';
import { filterParams, orderBy, PAGE, schemaCondition, searchCondition, toPage, type ListFilter, type Page } from './list-filter.ts';

/** Functions (no aggregates, window functions or procedures), one catalog query; arguments are assembled below. */
const FUNCTIONS_SQL = `
select p.oid as id, n.nspname as schema, p.proname as name, l.lanname as language, p.prosrc as definition,
  coalesce(p.proallargtypes, p.proargtypes::oid[]) as arg_types, p.proargmodes::text[] as arg_modes, p.proargnames as arg_names,
  p.pronargdefaults as defaults,
  pg_get_function_arguments(p.oid) as argument_types, pg_get_function_identity_arguments(p.oid) as identity_argument_types,
  p.prorettype as return_type_id, format_type(p.prorettype, null) as return_type,
  case when rc.relkind in ('r', 'p', 'v', 'm', 'f') then rc.oid end as return_type_relation_id,
  p.proretset as is_set_returning_function,
  case p.provolatile when 'i' then 'IMMUTABLE' when 's' then 'STABLE' else 'VOLATILE' end as behavior,
  p.prosecdef as security_definer, p.proconfig as config, d.description as comment,
  count(*) over () as total
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_language l on l.oid = p.prolang
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid
left join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass and d.objsubid = 0
left join pg_depend ext on ext.objid = p.oid and ext.classid = 'pg_proc'::regclass and ext.deptype = 'e'
where p.prokind = 'f' and ext.objid is null and ${schemaCondition('n.nspname')} and ${searchCondition('p.proname')}
order by $ORDER
${PAGE}`;

interface FunctionRow extends Omit<PgFunction, 'args' | 'config_params'> {
  arg_types: number[];
  arg_modes: string[] | null;
  arg_names: string[] | null;
  defaults: number;
  config: string[] | null;
  total: string;
}

const MODES: Record<string, PgFunctionArg['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };
const takesInput = (mode: PgFunctionArg['mode']) => mode === 'in' || mode === 'inout' || mode === 'variadic';

/** The arguments in order; the last `defaults` inputs are the ones with a default. */
function argsOf(row: FunctionRow): PgFunctionArg[] {
  const args = row.arg_types.map((typeId, i) => ({
    mode: MODES[row.arg_modes?.[i] ?? 'i'] ?? 'in',
    name: row.arg_names?.[i] ?? '',
    type_id: typeId,
    has_default: false,
  }));
  let left = row.defaults;
  for (let i = args.length - 1; i >= 0 && left > 0; i--) {
    if (!takesInput(args[i]!.mode)) continue;
    args[i]!.has_default = true;
    left--;
  }
  return args;
}

/** `search_path=public, extensions` → { search_path: 'public, extensions' }. */
function configParams(config: string[] | null): Record<string, string> | null {
  if (!config) return null;
  return Object.fromEntries(config.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

export async function listFunctions(client: pg.ClientBase, filter: ListFilter): Promise<Page<PgFunction>> {
  const sql = FUNCTIONS_SQL.replace('$ORDER', orderBy(filter.sort, 'n.nspname', 'p.proname', 'p.oid'));
  const { rows, total } = toPage(
    (await client.query<FunctionRow>({ name: `meta-functions-${filter.sort}`, text: sql, values: filterParams(filter) })).rows,
  );
  return {
    total,
    rows: rows.map(({ arg_types, arg_modes, arg_names, defaults, config, ...fn }) => ({
      ...fn,
      args: argsOf({ arg_types, arg_modes, arg_names, defaults } as FunctionRow),
      config_params: configParams(config),
    })),
  };
}

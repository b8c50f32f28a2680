/**
 * How a member last looked at a table, kept in this browser per project and table: the sort,
 * the hidden columns and the column widths.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { createLocalSetting, type LocalSetting, useLocalSetting } from '../../lib/local-setting';

const TableViewPrefs = z.object({
  sort: z.object({ column: z.string(), ascending: z.boolean() }).nullable().catch(null),
  hidden: z.array(z.string()).catch([]),
  widths: z.record(z.string(), z.number().positive()).catch({}),
});
export type TableViewPrefs = z.infer<typeof TableViewPrefs>;

const NONE: TableViewPrefs = { sort: null, hidden: [], widths: {} };

function parse(raw: string): TableViewPrefs {
  try {
    return TableViewPrefs.catch(NONE).parse(JSON.parse(raw));
  } catch {
    return NONE;
  }
}

const settings = new Map<string, LocalSetting<string>>();

/** One table's setting, made once per key so that every reader shares its listeners. */
function settingOf(key: string): LocalSetting<string> {
  let setting = settings.get(key);
  if (!setting) {
    setting = createLocalSetting(key, '', (raw) => raw);
    settings.set(key, setting);
  }
  return setting;
}

export function useTableViewPrefs(ref: string, schema: string, table: string): [TableViewPrefs, (change: Partial<TableViewPrefs>) => void] {
  const setting = settingOf(`basin.table-editor.view:${ref}:${JSON.stringify([schema, table])}`);
  const [raw, setRaw] = useLocalSetting(setting);
  const prefs = useMemo(() => (raw ? parse(raw) : NONE), [raw]);
  const update = (change: Partial<TableViewPrefs>) => setRaw(JSON.stringify({ ...parse(setting.get() || '{}'), ...change }));
  return [prefs, update];
}

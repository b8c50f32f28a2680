import { Link2 } from 'lucide-react';
import type { PgRelationship } from '@basin/core/schemas';
import { useState } from 'react';
import { useTableDefinitionQuery } from '../../data/pg-meta/use-table-definition-query';
import { searchFilter, useReferencedRowsQuery } from '../../data/table-rows/use-referenced-rows-query';
import { cellText } from '../../lib/cell-text';
import { Input } from '../../ui/input';
import { Popover } from '../../ui/popover';
import { Spinner } from '../../ui/spinner';
import { fieldText } from './row-form-values';

/** How many of a referenced row's other columns its line shows beside the referenced one. */
const PREVIEW_COLUMNS = 3;

/**
 * A foreign key field's "Pick a row": the referenced table's rows, searched by the referenced
 * column; choosing one puts its value in the field.
 */
export function ForeignRowPicker({
  projectRef,
  relationship,
  onPick,
}: {
  projectRef: string;
  relationship: PgRelationship;
  onPick: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const target = `${relationship.target_table_schema}.${relationship.target_table_name}`;
  const key = relationship.target_column_name;
  const { definition } = useTableDefinitionQuery(
    open ? projectRef : undefined,
    relationship.target_table_schema,
    relationship.target_table_name,
  );
  const column = definition?.columns?.find((candidate) => candidate.name === key);
  const rows = useReferencedRowsQuery(projectRef, relationship, open ? definition?.columns : undefined, search.trim());
  const unmatchable = column !== undefined && search.trim() !== '' && searchFilter(column, search.trim()) === null;
  const others = (definition?.columns ?? []).filter((candidate) => candidate.name !== key).slice(0, PREVIEW_COLUMNS);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="inline-flex cursor-pointer items-center gap-1 text-xs text-accent hover:underline">
        <Link2 className="size-3" aria-hidden="true" />
        Pick a row of {target}
      </Popover.Trigger>
      <Popover.Content label={`Rows of ${target}`} className="w-96">
        <Input
          aria-label={`Search ${target} by ${key}`}
          placeholder={`Search by ${key}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoFocus
        />
        <div className="mt-2 max-h-64 overflow-y-auto">
          {unmatchable ? (
            <p className="text-xs text-muted">No {column.format} value looks like this</p>
          ) : rows.isError ? (
            <p className="text-xs text-danger">{rows.error.message}</p>
          ) : !rows.data ? (
            <Spinner />
          ) : rows.data.length === 0 ? (
            <p className="text-xs text-muted">No rows match</p>
          ) : (
            <ul aria-label={`Rows of ${target}`}>
              {rows.data.map((row) => (
                <li key={fieldText(row[key])}>
                  <button
                    type="button"
                    className="flex w-full cursor-pointer gap-2 rounded px-2 py-1 text-left font-mono text-xs hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    onClick={() => {
                      onPick(fieldText(row[key]));
                      setOpen(false);
                    }}
                  >
                    <span className="font-medium text-foreground">{cellText(row[key])}</span>
                    <span className="truncate text-muted">{others.map((other) => cellText(row[other.name])).join(' · ')}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Popover.Content>
    </Popover>
  );
}

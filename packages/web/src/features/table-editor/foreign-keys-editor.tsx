import { FOREIGN_KEY_ACTIONS, type ForeignKeyAction } from '@basin/core';
import type { PgTable } from '@basin/core/schemas';
import { Plus, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { Select } from '../../ui/select';
import { emptyForeignKey, type ForeignKeyDraft } from './foreign-key-drafts';

interface ForeignKeysEditorProps {
  /** The names of the new table's columns. */
  columns: string[];
  /** The tables it may reference, with their columns. */
  tables: PgTable[];
  foreignKeys: ForeignKeyDraft[];
  onChange: (foreignKeys: ForeignKeyDraft[]) => void;
}

/** One row per foreign key: this table's column, the referenced table and column, and what updates and deletes there do. */
export function ForeignKeysEditor({ columns, tables, foreignKeys, onChange }: ForeignKeysEditorProps) {
  const update = (key: string, patch: Partial<ForeignKeyDraft>) =>
    onChange(foreignKeys.map((foreignKey) => (foreignKey.key === key ? { ...foreignKey, ...patch } : foreignKey)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-[13px] font-medium">Foreign keys</legend>
      {foreignKeys.map((foreignKey, index) => {
        const referenced = tables.find((table) => table.name === foreignKey.table);
        const n = index + 1;
        return (
          <div
            key={foreignKey.key}
            role="group"
            aria-label={`Foreign key ${n}`}
            className="flex flex-col gap-2 rounded-md border border-border p-2"
          >
            <div className="grid grid-cols-[1fr_auto_1fr_1fr_auto] items-center gap-2">
              <Select
                ariaLabel={`Column of foreign key ${n}`}
                placeholder="column"
                value={foreignKey.column}
                onValueChange={(column) => update(foreignKey.key, { column })}
              >
                {columns.filter(Boolean).map((column) => (
                  <Select.Item key={column} value={column}>
                    {column}
                  </Select.Item>
                ))}
              </Select>
              <span className="text-xs text-muted">references</span>
              <Select
                ariaLabel={`Referenced table of foreign key ${n}`}
                placeholder="table"
                value={foreignKey.table}
                onValueChange={(table) => update(foreignKey.key, { table, referencedColumn: '' })}
              >
                {tables.map((table) => (
                  <Select.Item key={table.id} value={table.name}>
                    {table.name}
                  </Select.Item>
                ))}
              </Select>
              <Select
                ariaLabel={`Referenced column of foreign key ${n}`}
                placeholder="column"
                value={foreignKey.referencedColumn}
                disabled={!referenced}
                onValueChange={(referencedColumn) => update(foreignKey.key, { referencedColumn })}
              >
                {(referenced?.columns ?? []).map((column) => (
                  <Select.Item key={column.name} value={column.name}>
                    {column.name}
                  </Select.Item>
                ))}
              </Select>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove foreign key ${n}`}
                onClick={() => onChange(foreignKeys.filter((other) => other.key !== foreignKey.key))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </Button>
            </div>
            <div className="grid grid-cols-2 gap-2">
              <ActionSelect
                label={`On update of foreign key ${n}`}
                value={foreignKey.onUpdate}
                onChange={(onUpdate) => update(foreignKey.key, { onUpdate })}
              />
              <ActionSelect
                label={`On delete of foreign key ${n}`}
                value={foreignKey.onDelete}
                onChange={(onDelete) => update(foreignKey.key, { onDelete })}
              />
            </div>
          </div>
        );
      })}
      <Button size="sm" className="self-start" onClick={() => onChange([...foreignKeys, emptyForeignKey()])}>
        <Plus className="size-3.5" aria-hidden="true" />
        Add foreign key
      </Button>
    </fieldset>
  );
}

/** `label` names the select for screen readers; its first words ("On update") show beside it. */
function ActionSelect({ label, value, onChange }: { label: string; value: ForeignKeyAction; onChange: (value: ForeignKeyAction) => void }) {
  return (
    <div className="flex items-center gap-2">
      <span className="shrink-0 text-xs text-muted">{label.split(' of ')[0]}</span>
      <Select ariaLabel={label} value={value} onValueChange={(next) => onChange(next as ForeignKeyAction)}>
        {FOREIGN_KEY_ACTIONS.map((action) => (
          <Select.Item key={action} value={action}>
            {action.toLowerCase()}
          </Select.Item>
        ))}
      </Select>
    </div>
  );
}

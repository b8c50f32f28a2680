import { Plus, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { type ColumnDraft, emptyDraft } from './column-drafts';
import { suggestionLists } from './column-inputs';

interface ColumnsEditorProps {
  /** The panel's suggestions (see ColumnSuggestions). */
  listsId: string;
  columns: ColumnDraft[];
  onChange: (columns: ColumnDraft[]) => void;
}

const FLAGS = [
  ['primaryKey', 'Primary key'],
  ['nullable', 'Nullable'],
  ['unique', 'Unique'],
] as const;

/** One row per column: name, type (from the instance's list), default (suggestions or a literal) and its switches. */
export function ColumnsEditor({ listsId, columns, onChange }: ColumnsEditorProps) {
  const lists = suggestionLists(listsId);
  const update = (key: string, patch: Partial<ColumnDraft>) =>
    onChange(columns.map((column) => (column.key === key ? { ...column, ...patch } : column)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-[13px] font-medium">Columns</legend>
      {/* Headings for sighted members; each field has its own accessible name. */}
      <div aria-hidden="true" className="grid grid-cols-[1fr_1fr_1fr_1.75rem] gap-2 px-2 text-xs text-muted">
        <span>Name</span>
        <span>Type</span>
        <span>Default value</span>
      </div>
      {columns.map((column, index) => {
        const label = column.name.trim() || `column ${index + 1}`;
        return (
          <div
            key={column.key}
            role="group"
            aria-label={`Column ${index + 1}`}
            className="flex flex-col gap-1.5 rounded-md border border-border p-2"
          >
            <div className="grid grid-cols-[1fr_1fr_1fr_1.75rem] gap-2">
              <Input
                aria-label={`Name of column ${index + 1}`}
                placeholder="name"
                mono
                value={column.name}
                onChange={(e) => update(column.key, { name: e.target.value })}
              />
              <Input
                aria-label={`Type of ${label}`}
                placeholder="type"
                list={lists.types}
                mono
                value={column.type}
                onChange={(e) => update(column.key, { type: e.target.value })}
              />
              <Input
                aria-label={`Default of ${label}`}
                placeholder="default (none)"
                list={lists.defaults}
                mono
                value={column.defaultText}
                onChange={(e) => update(column.key, { defaultText: e.target.value })}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${label}`}
                disabled={columns.length === 1}
                onClick={() => onChange(columns.filter((other) => other.key !== column.key))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </Button>
            </div>
            <div className="flex gap-4 text-xs">
              {FLAGS.map(([flag, flagLabel]) => (
                <label key={flag} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    aria-label={`${flagLabel}: ${label}`}
                    className="size-3.5 accent-[var(--color-accent)]"
                    checked={column[flag]}
                    disabled={flag === 'nullable' && column.primaryKey}
                    onChange={(e) => update(column.key, { [flag]: e.target.checked })}
                  />
                  {flagLabel}
                </label>
              ))}
            </div>
          </div>
        );
      })}
      <Button size="sm" className="self-start" onClick={() => onChange([...columns, emptyDraft()])}>
        <Plus className="size-3.5" aria-hidden="true" />
        Add column
      </Button>
    </fieldset>
  );
}

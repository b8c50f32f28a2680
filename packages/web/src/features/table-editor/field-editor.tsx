import type { PgColumn, PgRelationship } from '@basin/core/schemas';
import type { ReactNode } from 'react';
import { columnKind, type ColumnKind } from '../../data/table-rows/column-kind';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Textarea } from '../../ui/textarea';
import { ForeignRowPicker } from './foreign-row-picker';
import { type FieldValue, isWritable } from './row-form-values';

export interface FieldEditorProps {
  id: string;
  projectRef: string;
  column: PgColumn;
  /** The column's foreign key, when it has one: the field offers the referenced rows. */
  relationship: PgRelationship | undefined;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  /** Editing a stored row (no default to fall back on) rather than inserting one. */
  editing: boolean;
  autoFocus: boolean;
  problem: string | undefined;
}

function placeholderOf(column: PgColumn, value: FieldValue): string {
  if (!isWritable(column)) return 'Generated';
  if (value === null) return 'NULL';
  if (value === undefined) {
    if (column.default_value !== null) return `Default: ${column.default_value}`;
    if (column.is_identity) return 'Default: next identity value';
    return column.is_nullable ? 'Default: NULL' : 'Required';
  }
  return '';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A timestamptz as a datetime-local input's value, in the browser's time zone (empty if unreadable). */
function localInputValue(wire: string): string {
  const date = new Date(wire);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** "Now" in the column's own text form. */
function now(kind: ColumnKind, format: string): string {
  const iso = new Date().toISOString();
  if (kind === 'date') return localInputValue(iso).slice(0, 10);
  if (kind === 'time') return format === 'timetz' ? `${iso.slice(11, 19)}+00` : localInputValue(iso).slice(11, 19);
  return kind === 'timestamptz' ? iso : localInputValue(iso);
}

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function description(column: PgColumn, kind: ColumnKind): string {
  const parts = [column.format, column.is_nullable ? null : 'not null', kind === 'timestamptz' ? `shown in ${TIME_ZONE}` : null];
  return parts.filter(Boolean).join(', ');
}

/** A small text button under a field. */
function FieldAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="cursor-pointer text-xs text-accent hover:underline">
      {children}
    </button>
  );
}

/**
 * One column's field in the row form, with the editor its type calls for: a select for booleans
 * and enums, pickers for dates and times, text areas for text and JSON, and actions to set NULL,
 * go back to the default, generate a UUID, take the time now or pick a referenced row.
 */
export function FieldEditor({ id, projectRef, column, relationship, value, onChange, editing, autoFocus, problem }: FieldEditorProps) {
  const kind = columnKind(column);
  const writable = isWritable(column);
  const text = value ?? '';
  const control = {
    ...fieldControlProps(id, { error: problem, description: true }),
    autoFocus,
    disabled: !writable,
    placeholder: placeholderOf(column, value),
  };
  const set = (next: string) => onChange(next);

  function editor() {
    switch (kind) {
      case 'boolean':
      case 'enum': {
        const options = kind === 'boolean' ? ['true', 'false'] : column.enums;
        return (
          <Select
            id={id}
            labelledBy={`${id}-label`}
            aria-describedby={control['aria-describedby']}
            invalid={control.invalid}
            disabled={!writable}
            placeholder={control.placeholder}
            value={text}
            onValueChange={set}
          >
            {options.map((option) => (
              <Select.Item key={option} value={option}>
                {option}
              </Select.Item>
            ))}
          </Select>
        );
      }
      case 'date':
        return <Input {...control} mono type="date" value={text} onChange={(event) => set(event.target.value)} />;
      case 'time':
        return column.format === 'time' ? (
          <Input {...control} mono type="time" step={1} value={text.slice(0, 12)} onChange={(event) => set(event.target.value)} />
        ) : (
          <Input {...control} mono value={text} onChange={(event) => set(event.target.value)} />
        );
      case 'timestamp':
        return (
          <Input {...control} mono type="datetime-local" step={1} value={text.slice(0, 23)} onChange={(event) => set(event.target.value)} />
        );
      case 'timestamptz':
        return (
          <Input
            {...control}
            mono
            type="datetime-local"
            step={1}
            value={text && localInputValue(text)}
            onChange={(event) => set(event.target.value && new Date(event.target.value).toISOString())}
          />
        );
      case 'text':
      case 'json':
      case 'array': {
        const lines = text.split('\n').length + Math.floor(text.length / 60);
        return (
          <Textarea
            {...control}
            className="font-mono text-xs"
            rows={Math.min(Math.max(lines, kind === 'text' ? 1 : 3), 14)}
            value={text}
            onChange={(event) => set(event.target.value)}
          />
        );
      }
      default:
        return (
          <Input
            {...control}
            mono
            inputMode={kind === 'uuid' ? undefined : 'decimal'}
            value={text}
            onChange={(event) => set(event.target.value)}
          />
        );
    }
  }

  return (
    <Field id={id} label={column.name} description={description(column, kind)} error={problem}>
      {editor()}
      {writable ? (
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {relationship ? <ForeignRowPicker projectRef={projectRef} relationship={relationship} onPick={set} /> : null}
          {kind === 'uuid' ? <FieldAction onClick={() => set(crypto.randomUUID())}>Generate UUID</FieldAction> : null}
          {['date', 'time', 'timestamp', 'timestamptz'].includes(kind) ? (
            <FieldAction onClick={() => set(now(kind, column.format))}>Now</FieldAction>
          ) : null}
          {kind === 'json' && value && !problem ? (
            <FieldAction onClick={() => set(JSON.stringify(JSON.parse(value), null, 2))}>Format JSON</FieldAction>
          ) : null}
          {column.is_nullable && value !== null ? <FieldAction onClick={() => onChange(null)}>Set NULL</FieldAction> : null}
          {!editing && value !== undefined ? <FieldAction onClick={() => onChange(undefined)}>Use default</FieldAction> : null}
        </div>
      ) : null}
    </Field>
  );
}

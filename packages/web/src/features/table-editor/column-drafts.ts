import { DEFAULT_EXPRESSIONS } from '@basin/core';
import type { AlterTableActionInput, ColumnDefault, ColumnDefinitionInput, ColumnType, PgColumn } from '@basin/core/schemas';

/** A column as the panels edit it: texts and switches, turned into the change's shapes on preview. */
export interface ColumnDraft {
  key: string;
  name: string;
  /** The type as the list prints it (`int8`, `text[]`, `public.mood`), or as typed. */
  type: string;
  /** A suggestion (`now()`, `identity`), a literal, or empty for none. */
  defaultText: string;
  nullable: boolean;
  unique: boolean;
  primaryKey: boolean;
  comment: string;
  /** Converts the existing values when the type changes (edit only). */
  using: string;
}

/** The default suggestion that makes the column an identity column. */
export const IDENTITY_SUGGESTION = 'identity';
export const DEFAULT_SUGGESTIONS = [IDENTITY_SUGGESTION, ...DEFAULT_EXPRESSIONS];

let nextKey = 0;
export const draftKey = () => `draft-${nextKey++}`;

export const emptyDraft = (): ColumnDraft => ({
  key: draftKey(),
  name: '',
  type: '',
  defaultText: '',
  nullable: true,
  unique: false,
  primaryKey: false,
  comment: '',
  using: '',
});

/** What a new table starts with, as in most dashboards: an identity key and a creation time. */
export const starterColumns = (): ColumnDraft[] => [
  { ...emptyDraft(), name: 'id', type: 'int8', defaultText: IDENTITY_SUGGESTION, nullable: false, primaryKey: true },
  { ...emptyDraft(), name: 'created_at', type: 'timestamptz', defaultText: 'now()', nullable: false },
];

/** How the list names a type: built-ins by pg_type's short name, the others as the catalog prints them. */
export const typeLabel = (type: ColumnType) => (type.schema === 'pg_catalog' && type.kind !== 'array' ? type.name : type.format);

export function defaultOf(text: string): ColumnDefault | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed.toLowerCase() === IDENTITY_SUGGESTION) return { kind: 'identity' };
  const expression = DEFAULT_EXPRESSIONS.find((suggestion) => suggestion === trimmed.toLowerCase());
  return expression ? { kind: 'expression', expression } : { kind: 'literal', value: text };
}

/** The type as a change names it: the listed type's schema and name when the text is one, else the text for the server to look up. */
export function typeReferenceOf(text: string, types: ColumnType[]): { type: string; type_schema?: string } {
  const trimmed = text.trim();
  const listed = types.find((type) => typeLabel(type) === trimmed) ?? types.find((type) => type.format === trimmed);
  return listed ? { type: listed.name, type_schema: listed.schema } : { type: trimmed };
}

export function columnDefinitionOf(draft: ColumnDraft, types: ColumnType[]): ColumnDefinitionInput {
  return {
    name: draft.name.trim(),
    ...typeReferenceOf(draft.type, types),
    default: defaultOf(draft.defaultText),
    nullable: draft.nullable && !draft.primaryKey,
    unique: draft.unique,
    primary_key: draft.primaryKey,
    comment: draft.comment.trim() || null,
  };
}

/** `'happy'::mood` → `happy`: a literal default as the field shows it. */
function defaultTextOf(column: PgColumn): string {
  if (column.is_identity) return IDENTITY_SUGGESTION;
  const value = column.default_value;
  if (value === null) return '';
  const literal = /^'((?:[^']|'')*)'::[\w\s."[\]]+$/.exec(value);
  if (literal) return literal[1]!.replaceAll("''", "'");
  return DEFAULT_EXPRESSIONS.find((suggestion) => suggestion === value.toLowerCase()) ?? value;
}

/** An existing column as the edit panel starts it; `primaryKey` is the table's knowledge. */
export function draftOf(column: PgColumn, types: ColumnType[], primaryKey: boolean): ColumnDraft {
  const listed = types.find((type) => type.id === column.type_id);
  return {
    key: column.id,
    name: column.name,
    type: listed ? typeLabel(listed) : column.format,
    defaultText: defaultTextOf(column),
    nullable: column.is_nullable,
    unique: column.is_unique,
    primaryKey,
    comment: column.comment ?? '',
    using: '',
  };
}

/**
 * The alter actions that turn `initial` into `draft`, the rename last so the others name the
 * column as it was. A type change drops the old default first (Postgres would have to cast it
 * too, and often cannot) and sets the draft's default after.
 */
export function columnChanges(initial: ColumnDraft, draft: ColumnDraft, types: ColumnType[]): AlterTableActionInput[] {
  const column = initial.name;
  const actions: AlterTableActionInput[] = [];
  const typeChanged = draft.type.trim() !== initial.type;
  const dropsDefaultFirst = typeChanged && initial.defaultText !== '' && initial.defaultText !== IDENTITY_SUGGESTION;
  if (dropsDefaultFirst) actions.push({ action: 'set_column_default', column, default: null });
  if (typeChanged)
    actions.push({
      action: 'set_column_type',
      column,
      ...typeReferenceOf(draft.type, types),
      ...(draft.using.trim() ? { using: draft.using.trim() } : {}),
    });
  const defaultChanged = draft.defaultText !== initial.defaultText;
  if (dropsDefaultFirst ? draft.defaultText !== '' : defaultChanged)
    actions.push({ action: 'set_column_default', column, default: defaultOf(draft.defaultText) });
  if (draft.nullable !== initial.nullable) actions.push({ action: 'set_column_nullable', column, nullable: draft.nullable });
  if (draft.unique !== initial.unique) actions.push({ action: 'set_column_unique', column, unique: draft.unique });
  if (draft.comment.trim() !== initial.comment)
    actions.push({ action: 'set_column_comment', column, comment: draft.comment.trim() || null });
  if (draft.name.trim() !== column) actions.push({ action: 'rename_column', column, new_name: draft.name.trim() });
  return actions;
}

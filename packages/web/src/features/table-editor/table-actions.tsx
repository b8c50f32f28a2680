import { can, TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { PgTable } from '@basin/core/schemas';
import { ChevronDown, Columns3, Copy, Eraser, Plus, Settings, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useProjectRole } from '../../data/use-project-role';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { Tooltip } from '../../ui/tooltip';
import { ColumnSheet, type ColumnSheetTarget } from './column-sheet';
import { DeleteTableDialog } from './delete-table-dialog';
import { DuplicateTableDialog } from './duplicate-table-dialog';
import { TableSettingsSheet } from './table-settings-sheet';
import { TruncateTableDialog } from './truncate-table-dialog';

type Dialog = 'settings' | 'duplicate' | 'truncate' | 'delete';

interface TableActionsProps {
  projectRef: string;
  definition: PgTable;
  /** Show another table (renamed, copied) or none (deleted). */
  onShow: (table: string | null) => void;
}

/** The selected table's structure: its settings, its columns, and copying, emptying or deleting it. Read-only members see why they cannot. */
export function TableActions({ projectRef, definition, onShow }: TableActionsProps) {
  const role = useProjectRole(projectRef);
  const mayChange = can(role, 'database.credentials:read');
  const hint = role && !mayChange ? TABLE_EDITOR_MESSAGES.readOnlyStructure : null;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [columnTarget, setColumnTarget] = useState<ColumnSheetTarget | null>(null);
  const dialogProps = (name: Dialog) => ({
    projectRef,
    definition,
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });
  const guarded = (button: ReactNode) => (
    <Tooltip content={hint} wrapDisabled>
      {button}
    </Tooltip>
  );

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={definition.rls_enabled ? 'success' : 'warning'}>{definition.rls_enabled ? 'RLS enabled' : 'RLS disabled'}</Badge>
      {definition.comment ? <p className="text-xs text-muted">{definition.comment}</p> : null}
      <div className="ml-auto flex flex-wrap gap-2">
        {guarded(
          <Button size="sm" disabled={!mayChange} onClick={() => setColumnTarget({})}>
            <Plus className="size-3.5" aria-hidden="true" />
            Add column
          </Button>,
        )}
        <DropdownMenu>
          {guarded(
            <DropdownMenu.Trigger asChild>
              <Button size="sm" disabled={!mayChange}>
                <Columns3 className="size-3.5" aria-hidden="true" />
                Edit column
                <ChevronDown className="size-3.5" aria-hidden="true" />
              </Button>
            </DropdownMenu.Trigger>,
          )}
          <DropdownMenu.Content>
            {(definition.columns ?? []).map((column) => (
              <DropdownMenu.Item key={column.id} onSelect={() => setColumnTarget({ column })}>
                <span className="font-mono text-xs">{column.name}</span>
                <span className="ml-auto pl-3 text-xs text-muted">{column.format}</span>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu>
        {guarded(
          <Button size="sm" disabled={!mayChange} onClick={() => setDialog('settings')}>
            <Settings className="size-3.5" aria-hidden="true" />
            Table settings
          </Button>,
        )}
        <DropdownMenu>
          {guarded(
            <DropdownMenu.Trigger asChild>
              <Button size="sm" disabled={!mayChange} aria-label="More table actions">
                More
                <ChevronDown className="size-3.5" aria-hidden="true" />
              </Button>
            </DropdownMenu.Trigger>,
          )}
          <DropdownMenu.Content>
            <DropdownMenu.Item onSelect={() => setDialog('duplicate')}>
              <Copy className="size-3.5" aria-hidden="true" />
              Duplicate table
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => setDialog('truncate')}>
              <Eraser className="size-3.5" aria-hidden="true" />
              Empty table
            </DropdownMenu.Item>
            <DropdownMenu.Separator />
            <DropdownMenu.Item onSelect={() => setDialog('delete')}>
              <Trash2 className="size-3.5 text-danger" aria-hidden="true" />
              Delete table
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu>
      </div>

      <ColumnSheet projectRef={projectRef} definition={definition} target={columnTarget} onClose={() => setColumnTarget(null)} />
      <TableSettingsSheet {...dialogProps('settings')} onSaved={(name) => name !== definition.name && onShow(name)} />
      <DuplicateTableDialog {...dialogProps('duplicate')} onDuplicated={onShow} />
      <TruncateTableDialog {...dialogProps('truncate')} />
      <DeleteTableDialog {...dialogProps('delete')} onDeleted={() => onShow(null)} />
    </div>
  );
}

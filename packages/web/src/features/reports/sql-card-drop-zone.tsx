import { useState, type DragEvent, type ReactNode } from 'react';
import { REPORTS_MESSAGES } from '@basin/core';
import { toast } from '../../lib/toast';
import { cn } from '../../ui/cn';
import { carriesSqlCard, readSqlCard, useAddToReport } from './add-to-report';

/**
 * Takes assistant result cards dropped on a report (add-to-report.ts says what a card carries).
 * Members without the permission see why the drop is refused instead of an overlay that invites it.
 */
export function SqlCardDropZone({
  projectRef,
  reportId,
  canEdit,
  children,
  className,
}: {
  projectRef: string;
  reportId: string;
  canEdit: boolean;
  children: ReactNode;
  className?: string;
}) {
  const [over, setOver] = useState(false);
  const { addToReport } = useAddToReport();

  const accept = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesSqlCard(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = canEdit ? 'copy' : 'none';
    setOver(true);
  };
  const leave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesSqlCard(event.dataTransfer)) return;
    event.preventDefault();
    setOver(false);
    if (!canEdit) {
      toast.error(REPORTS_MESSAGES.noEditPermission);
      return;
    }
    const card = readSqlCard(event.dataTransfer);
    if (!card) {
      toast.error(REPORTS_MESSAGES.addFailed('the card carries no query'));
      return;
    }
    void addToReport({ ref: projectRef, reportId, ...card }).catch(() => {});
  };

  return (
    <div
      className={cn('relative', className)}
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={leave}
      onDrop={drop}
      data-testid="sql-card-drop-zone"
    >
      {children}
      {over ? (
        <div
          role="status"
          className={cn(
            'pointer-events-none absolute inset-0 z-10 flex items-start justify-center rounded-lg border-2 border-dashed pt-24 text-sm font-medium',
            canEdit ? 'border-accent bg-accent-soft/80 text-foreground' : 'border-danger bg-danger-soft/80 text-danger',
          )}
        >
          {canEdit ? 'Drop to add this query to the report' : REPORTS_MESSAGES.noEditPermission}
        </div>
      ) : null}
    </div>
  );
}

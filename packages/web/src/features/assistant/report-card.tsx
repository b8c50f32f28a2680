import { GripVertical, LayoutDashboard } from 'lucide-react';
import type { DragEvent } from 'react';
import { useMatch } from 'react-router';
import { can } from '@basin/core';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';
import { type SqlCard, useAddToReport, writeSqlCard } from '../reports/add-to-report';
import { useAssistantProject } from './assistant-context';

/**
 * A result card on its way to a report (spec part 2 §2, §6): draggable on a report page and on
 * the project home for members who may create SQL content, and on a report page an 'Add to
 * report' button does the same without a mouse.
 */
export function useReportCard(card: SqlCard) {
  const { projectRef, role } = useAssistantProject();
  const report = useMatch('/project/:ref/reports/:id');
  const home = useMatch({ path: '/project/:ref', end: true });
  const allowed = can(role, 'user_content.sql:create');
  const draggable = allowed && Boolean(report ?? home);
  return {
    draggable,
    onDragStart: draggable ? (event: DragEvent) => writeSqlCard(event.dataTransfer, card) : undefined,
    reportId: allowed ? report?.params.id : undefined,
    projectRef,
  };
}

export function DragHandle() {
  return (
    <Tooltip content="Drag to a report">
      <span className="inline-flex cursor-grab items-center text-subtle" aria-label="Drag to a report" role="img">
        <GripVertical className="size-3.5" aria-hidden="true" />
      </span>
    </Tooltip>
  );
}

export function AddToReportButton({ projectRef, reportId, card }: { projectRef: string; reportId: string; card: SqlCard }) {
  const { addToReport, isPending } = useAddToReport();
  return (
    <Tooltip content="Add to report">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Add to report"
        loading={isPending}
        onClick={() => void addToReport({ ref: projectRef, reportId, ...card }).catch(() => {})}
      >
        {isPending ? null : <LayoutDashboard className="size-3.5" aria-hidden="true" />}
      </Button>
    </Tooltip>
  );
}

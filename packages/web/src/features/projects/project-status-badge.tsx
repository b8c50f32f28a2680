import type { ProjectStatus } from '@basin/core';
import { Badge } from '../../ui/badge';
import { cn } from '../../ui/cn';
import { STATUS_LABELS } from './status-labels';

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { label, tone } = STATUS_LABELS[status];
  return (
    <Badge tone={tone}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full bg-current', status === 'COMING_UP' && 'animate-pulse')} />
      {label}
    </Badge>
  );
}

import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { lintFixPath } from '@basin/core';
import type { Lint } from '@basin/core/schemas';
import { formatDateTime } from '../../lib/format-date';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';
import { entityLabel } from './lint-groups';

interface LintRowProps {
  projectRef: string;
  lint: Lint;
  canAcknowledge: boolean;
  onAcknowledge: (lint: Lint) => void;
  onUnacknowledge: (lint: Lint) => void;
}

export function LintRow({ projectRef, lint, canAcknowledge, onAcknowledge, onUnacknowledge }: LintRowProps) {
  const entity = entityLabel(lint);
  const refusal = canAcknowledge ? null : 'You need additional permissions to acknowledge findings';
  return (
    <li className="flex flex-col gap-2 px-4 py-3" aria-label={lint.title}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-[13px] font-medium">{lint.title}</span>
        {lint.categories.map((category) => (
          <Badge key={category} tone={category === 'SECURITY' ? 'danger' : 'warning'}>
            {category === 'SECURITY' ? 'Security' : 'Performance'}
          </Badge>
        ))}
        {entity ? <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-muted">{entity}</code> : null}
      </div>
      <p className="text-xs text-muted">{lint.detail || lint.description}</p>
      {lint.acknowledged ? (
        <p className="text-xs text-muted">
          Acknowledged by {lint.acknowledged.by} on {formatDateTime(lint.acknowledged.at)}
          {lint.acknowledged.note ? `: ${lint.acknowledged.note}` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" asChild>
          <Link to={lintFixPath(projectRef, lint.name, lint.metadata)}>
            Fix
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </Link>
        </Button>
        <Tooltip content={refusal} wrapDisabled>
          {lint.acknowledged ? (
            <Button size="sm" variant="ghost" disabled={!canAcknowledge} onClick={() => onUnacknowledge(lint)}>
              Unacknowledge
            </Button>
          ) : (
            <Button size="sm" variant="ghost" disabled={!canAcknowledge} onClick={() => onAcknowledge(lint)}>
              Acknowledge
            </Button>
          )}
        </Tooltip>
      </div>
    </li>
  );
}

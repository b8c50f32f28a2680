import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';

/** 'Deploy a new function': a link to the dashboard's deploy page, disabled with the reason for members who may not deploy. */
export function DeployButton({
  projectRef,
  canWrite,
  tooltip,
  variant = 'primary',
}: {
  projectRef: string;
  canWrite: boolean;
  tooltip: string | undefined;
  variant?: 'primary' | 'default';
}) {
  if (!canWrite) {
    return (
      <Tooltip content={tooltip} wrapDisabled>
        <Button variant={variant} disabled>
          <Plus className="size-3.5" aria-hidden="true" />
          Deploy a new function
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button variant={variant} asChild>
      <Link to={`/project/${projectRef}/functions/new`}>
        <Plus className="size-3.5" aria-hidden="true" />
        Deploy a new function
      </Link>
    </Button>
  );
}

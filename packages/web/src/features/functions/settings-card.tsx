import type { EdgeFunction } from '@basin/core/schemas';
import { useUpdateFunctionMutation } from '../../data/functions/use-update-function-mutation';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Tooltip } from '../../ui/tooltip';
import { VERIFY_JWT } from './verify-jwt';

/** Verify JWT, changed at once (PATCH); members who may not change functions see it disabled, with the reason. */
export function SettingsCard({
  projectRef,
  fn,
  canWrite,
  writeTooltip,
}: {
  projectRef: string;
  fn: EdgeFunction;
  canWrite: boolean;
  writeTooltip: string | undefined;
}) {
  const update = useUpdateFunctionMutation();
  return (
    <Card>
      <Card.Header>
        <Card.Title>Settings</Card.Title>
      </Card.Header>
      <Card.Content>
        <Tooltip content={canWrite ? null : writeTooltip}>
          <div>
            <Checkbox
              {...VERIFY_JWT}
              id="function-details-verify-jwt"
              checked={update.isPending && update.variables?.verify_jwt !== undefined ? update.variables.verify_jwt : fn.verify_jwt}
              disabled={!canWrite || update.isPending}
              onChange={(event) => update.mutate({ ref: projectRef, slug: fn.slug, verify_jwt: event.target.checked })}
            />
          </div>
        </Tooltip>
      </Card.Content>
    </Card>
  );
}

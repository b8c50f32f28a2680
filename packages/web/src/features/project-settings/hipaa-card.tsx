import { ASSISTANT_MESSAGES } from '@basin/core';
import type { Organization, Project } from '@basin/core/schemas';
import { useProjectHipaaQuery, useUpdateProjectHipaaMutation } from '../assistant/data/hipaa';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Tooltip } from '../../ui/tooltip';
import { permissionState } from '../organizations/permission-state';
import { SettingsRow } from './settings-row';

/** Whether the project holds HIPAA data, which disallows the AI assistant; only an Owner changes it. */
export function HipaaCard({ project, organization }: { project: Project; organization: Organization | undefined }) {
  const hipaa = useProjectHipaaQuery(project.ref);
  const update = useUpdateProjectHipaaMutation(project.ref);
  const permission = permissionState(organization, 'projects.hipaa:write', ASSISTANT_MESSAGES.hipaaNoPermission);
  const on = hipaa.data?.hipaa === true;
  const button = (
    <Button disabled={!permission.allowed || !hipaa.isSuccess || update.isPending} onClick={() => update.mutate(!on)}>
      {on ? 'Unmark as HIPAA data' : 'Mark as HIPAA data'}
    </Button>
  );
  return (
    <Card>
      <Card.Header>
        <Card.Title>HIPAA</Card.Title>
      </Card.Header>
      <SettingsRow
        title={on ? 'This project holds HIPAA data' : 'This project does not hold HIPAA data'}
        description="A project holding protected health information under HIPAA cannot use the AI assistant: it may not see the project."
        action={
          <Tooltip content={permission.hint} wrapDisabled>
            {button}
          </Tooltip>
        }
      />
    </Card>
  );
}

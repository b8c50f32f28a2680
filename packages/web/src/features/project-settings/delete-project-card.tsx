import type { Organization, Project } from '@basin/core/schemas';
import { Card } from '../../ui/card';
import { DeleteProjectDialog } from '../delete-project/delete-project-dialog';
import { SettingsRow } from './settings-row';

export function DeleteProjectCard({ project, organization }: { project: Project; organization: Organization | undefined }) {
  return (
    <Card className="border-danger/40">
      <Card.Header>
        <Card.Title>Delete project</Card.Title>
      </Card.Header>
      <SettingsRow
        title="Delete this project"
        description="Its database, data, backups and branches are removed for good. This cannot be undone."
        action={<DeleteProjectDialog project={project} organization={organization} />}
      />
    </Card>
  );
}

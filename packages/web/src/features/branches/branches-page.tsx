import { useState } from 'react';
import { useParams } from 'react-router';
import { can } from '@basin/core';
import { useBranchesQuery } from '../../data/branches/use-branches-query';
import { useDiskQuery } from '../../data/disk/use-disk-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectRole } from '../../data/use-project-role';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { CreateBranchDialog } from './create-branch-dialog';

/** /project/:ref/branches — the project's preview branches and the create dialog. */
export function BranchesPage() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: branches = [], isLoading } = useBranchesQuery(ref);
  const { data: disk } = useDiskQuery(ref);
  const role = useProjectRole(ref);
  const [creating, setCreating] = useState(false);
  const canCreate = role !== undefined && can(role, 'preview_branches:create');

  const createButton = (
    <Button variant="primary" disabled={!canCreate} onClick={() => setCreating(true)}>
      Create branch
    </Button>
  );
  return (
    <Page>
      <PageHeader title="Branches" description="Preview branches: copies of this project to try changes on." actions={createButton} />
      {!isLoading && branches.length === 0 ? (
        <EmptyState title="No preview branches" />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {branches.map((branch) => (
            <li key={branch.project_ref} className="flex items-center justify-between gap-3 px-4 py-3 text-[13px]">
              <a href={`/project/${branch.project_ref}`} className="font-medium">
                {branch.name}
              </a>
              <span className="flex items-center gap-2 text-muted">
                {branch.git_branch ? <span>{branch.git_branch}</span> : null}
                {branch.is_default ? <Badge>Default</Badge> : null}
                <Badge>{branch.status}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
      <CreateBranchDialog
        projectRef={ref}
        existingNames={branches.map((branch) => branch.name)}
        diskGb={disk?.attributes.size_gb}
        computeSize={project?.infra_compute_size}
        open={creating}
        onOpenChange={setCreating}
      />
    </Page>
  );
}

import { useState } from 'react';
import { useParams } from 'react-router';
import { GitBranch } from 'lucide-react';
import { BRANCH_MESSAGES, can } from '@basin/core';
import { useBranchesQuery } from '../../data/branches/use-branches-query';
import { useDiskQuery } from '../../data/disk/use-disk-query';
import { useProjectGitHubConnectionQuery } from '../../data/github/use-github-connections-query';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectRole } from '../../data/use-project-role';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Tooltip } from '../../ui/tooltip';
import { UpgradeBanner, useUpgradePrompt } from '../billing/upgrade-prompt';
import { CreateBranchDialog } from './create-branch-dialog';
import { DeleteBranchButton } from './delete-branch-button';
import { GitHubConnectionCard } from './github-connection-card';

/**
 * /project/:ref/branches — the project's GitHub connection, its preview branches and the create
 * dialog. On the Free plan the page says so before anything is filled in: the upgrade prompt, and
 * the create button disabled with the reason.
 */
export function BranchesPage() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const freePlan = organization?.plan.id === 'free';
  const upgrade = useUpgradePrompt({ projectRef: ref, addon: 'branching', hasAddon: false, source: 'branches' });
  const { data: branches = [], isLoading } = useBranchesQuery(ref);
  const { data: disk } = useDiskQuery(ref);
  const github = useProjectGitHubConnectionQuery(project);
  const role = useProjectRole(ref);
  const [creating, setCreating] = useState(false);
  const canCreate = role !== undefined && can(role, 'preview_branches:create');
  const canDelete = can(role, 'projects:update');
  // Why the button is disabled: the plan first, then the role once it is known.
  const createRefusal = freePlan
    ? BRANCH_MESSAGES.paidPlanOnly
    : role !== undefined && !canCreate
      ? BRANCH_MESSAGES.noCreatePermission
      : undefined;

  const createButton = (
    <Tooltip content={createRefusal} wrapDisabled>
      <Button variant="primary" disabled={!canCreate || freePlan} onClick={() => setCreating(true)}>
        Create branch
      </Button>
    </Tooltip>
  );
  return (
    <Page>
      <PageHeader title="Branches" description="Preview branches: copies of this project to try changes on." actions={createButton} />
      <div className="flex flex-col gap-6">
        {freePlan ? (
          <UpgradeBanner title={BRANCH_MESSAGES.paidPlanOnly} prompt={upgrade} icon={<GitBranch className="size-4" aria-hidden="true" />}>
            Preview branches are copies of this project, with or without its data, to try changes on before they reach production.
          </UpgradeBanner>
        ) : null}
        {/* A branch follows its parent's repository: only a parent connects one. */}
        {project && !project.parent_project_ref ? (
          <GitHubConnectionCard
            project={project}
            connection={github.data}
            failed={github.isError}
            canWrite={can(role, 'integrations.github_connections:write')}
          />
        ) : null}
        {!isLoading && branches.length === 0 ? (
          <EmptyState title="No preview branches" />
        ) : (
          <ul aria-label="Preview branches" className="divide-y divide-border rounded-lg border border-border">
            {branches.map((branch) => (
              <li key={branch.project_ref} className="flex items-center justify-between gap-3 px-4 py-3 text-[13px]">
                <a href={`/project/${branch.project_ref}`} className="font-medium">
                  {branch.name}
                </a>
                <span className="flex items-center gap-2 text-muted">
                  {branch.git_branch ? <span className="font-mono text-xs">{branch.git_branch}</span> : null}
                  {branch.is_default ? <Badge>Default</Badge> : null}
                  <Badge>{branch.status}</Badge>
                  {project ? (
                    <DeleteBranchButton
                      branch={branch}
                      parentRef={ref}
                      organizationSlug={project.organization_slug}
                      canDelete={canDelete}
                    />
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <CreateBranchDialog
        projectRef={ref}
        existingNames={branches.map((branch) => branch.name)}
        diskGb={disk?.attributes.size_gb}
        connection={github.data}
        connectionFailed={github.isError}
        open={creating}
        onOpenChange={setCreating}
      />
    </Page>
  );
}

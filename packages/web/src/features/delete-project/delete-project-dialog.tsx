import { Trash } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DELETE_PROJECT_MESSAGES, EXIT_SURVEY_MESSAGES } from '@basin/core';
import type { Organization, Project } from '@basin/core/schemas';
import { useExitSurveyMutation } from '../../data/feedback/use-exit-survey-mutation';
import { useDeleteProjectMutation } from '../../data/projects/use-delete-project-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Tooltip } from '../../ui/tooltip';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { permissionState } from '../organizations/permission-state';
import { afterDeletePath } from './after-delete-path';
import { ExitSurveyFields, useExitSurvey } from './exit-survey-fields';

/**
 * 'Delete project' and its dialog (spec part 1 §2): type the project name; free organizations see
 * a small dialog, paid ones an extra-large one with the exit survey, sent after the deletion with
 * its failure ignored. Disabled, with the reason, without update permission on the project.
 */
export function DeleteProjectDialog({ project, organization }: { project: Project; organization: Organization | undefined }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const survey = useExitSurvey();

  const paid = organization !== undefined && organization.plan.id !== 'free';
  const { allowed: canDelete, hint } = permissionState(organization, 'projects:update', DELETE_PROJECT_MESSAGES.noPermission);
  // After a deletion the survey is best effort (spec part 1 §7): its failure is not shown.
  const exitSurvey = useExitSurveyMutation({ onError: () => {} });
  const deleteProject = useDeleteProjectMutation({
    onSuccess() {
      if (paid && survey.reason) {
        exitSurvey.mutate({
          projectRef: project.ref,
          orgSlug: project.organization_slug,
          reasons: [survey.reason],
          // Spec part 1 §7: a deletion's survey carries its free text as `message`.
          message: survey.feedback.trim() || undefined,
          exitAction: 'delete',
        });
      }
      setOpen(false);
      void navigate(afterDeletePath());
    },
  });

  function changeOpen(next: boolean) {
    if (next) survey.reset();
    setOpen(next);
  }

  const validate = () => !paid || survey.requireReason() !== undefined;

  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Tooltip content={hint} wrapDisabled>
          <Dialog.Trigger asChild>
            <Button variant="danger" disabled={!canDelete}>
              <Trash className="size-3.5" aria-hidden="true" />
              Delete project
            </Button>
          </Dialog.Trigger>
        </Tooltip>
      }
      title={DELETE_PROJECT_MESSAGES.title(project.name)}
      size={paid ? 'xlarge' : 'small'}
      variant="danger"
      confirmString={project.name}
      confirmLabel={DELETE_PROJECT_MESSAGES.confirmLabel}
      loading={deleteProject.isPending}
      validate={validate}
      onConfirm={() => deleteProject.mutate({ ref: project.ref, name: project.name, organizationSlug: project.organization_slug })}
    >
      {paid ? (
        <>
          <Alert tone="danger" title={DELETE_PROJECT_MESSAGES.alertTitle}>
            {DELETE_PROJECT_MESSAGES.alertText}
          </Alert>
          <ExitSurveyFields
            question="Why are you deleting this project?"
            reasonMissingMessage={EXIT_SURVEY_MESSAGES.selectReason}
            {...survey.fields}
          />
        </>
      ) : (
        <p className="text-[13px] text-muted">{DELETE_PROJECT_MESSAGES.freePlanText}</p>
      )}
    </TypeToConfirmDialog>
  );
}

import { BILLING_MESSAGES, type ExitSurveyReasonValue } from '@basin/core';
import { Button } from '../../ui/button';
import { ExitSurveyFields, useExitSurvey } from '../delete-project/exit-survey-fields';

export interface DowngradeAnswers {
  reason: ExitSurveyReasonValue;
  feedback: string;
}

/**
 * The exit survey asked before a paid plan goes back to Free (spec part 2 §1): one reason is
 * required, the free text is optional. The reasons are shuffled once per showing.
 */
export function DowngradeSurvey({
  pending,
  disabled,
  onBack,
  onConfirm,
}: {
  pending: boolean;
  disabled: boolean;
  onBack: () => void;
  onConfirm: (answers: DowngradeAnswers) => void;
}) {
  const survey = useExitSurvey();

  function confirm() {
    const reason = survey.requireReason();
    if (reason) onConfirm({ reason, feedback: survey.feedback });
  }

  return (
    <div className="flex flex-col gap-4">
      <ExitSurveyFields
        question={BILLING_MESSAGES.surveyQuestion}
        reasonMissingMessage={BILLING_MESSAGES.selectReason}
        {...survey.fields}
      />
      <div className="flex justify-end gap-2">
        <Button onClick={onBack} disabled={pending}>
          Back to plans
        </Button>
        <Button variant="danger" loading={pending} disabled={disabled} onClick={confirm}>
          Confirm downgrade
        </Button>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { BILLING_MESSAGES, EXIT_SURVEY_REASON_VALUES, exitSurveyOptions, type ExitSurveyReasonValue } from '@basin/core';
import { Button } from '../../ui/button';
import { ExitSurveyFields } from '../delete-project/exit-survey-fields';

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
  const [options] = useState(exitSurveyOptions);
  const [reason, setReason] = useState<ExitSurveyReasonValue | undefined>();
  const [feedback, setFeedback] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);

  function confirm() {
    if (reason) onConfirm({ reason, feedback });
    else setReasonMissing(true);
  }

  return (
    <div className="flex flex-col gap-4">
      <ExitSurveyFields
        question={BILLING_MESSAGES.surveyQuestion}
        reasonMissingMessage={BILLING_MESSAGES.selectReason}
        options={options}
        reason={reason}
        onReasonChange={(value) => {
          setReason(EXIT_SURVEY_REASON_VALUES.find((known) => known === value));
          setReasonMissing(false);
        }}
        feedback={feedback}
        onFeedbackChange={setFeedback}
        reasonMissing={reasonMissing}
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

import { useId, useState } from 'react';
import {
  EXIT_SURVEY_REASON_VALUES,
  exitSurveyOptions,
  followUpLabel,
  type ExitSurveyReason,
  type ExitSurveyReasonValue,
} from '@basin/core';
import { Field, FieldError, fieldControlProps } from '../../ui/form-field';
import { RadioGroup } from '../../ui/radio-group';
import { Textarea } from '../../ui/textarea';

/** The most the server keeps of the free text. */
const FEEDBACK_MAX_LENGTH = 5000;

/**
 * The exit survey (spec part 2 §2), asked when a paid project is deleted or a paid plan is left:
 * the reasons in the order given (shuffled by the caller once per opening), and a free-text box
 * labelled after the chosen reason. `question` and `reasonMissingMessage` word it for the caller.
 */
export function ExitSurveyFields({
  question,
  reasonMissingMessage,
  options,
  reason,
  onReasonChange,
  feedback,
  onFeedbackChange,
  reasonMissing,
}: {
  question: string;
  reasonMissingMessage: string;
  options: readonly ExitSurveyReason[];
  reason: string | undefined;
  onReasonChange: (value: string) => void;
  feedback: string;
  onFeedbackChange: (value: string) => void;
  reasonMissing: boolean;
}) {
  const id = useId();
  // The group is named by the question, a heading rather than a <label> (no element it could point at).
  const reasonsId = `${id}-reasons`;
  const reasons = fieldControlProps(reasonsId, { error: reasonMissing ? reasonMissingMessage : undefined });
  const feedbackId = `${id}-feedback`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p id={`${reasonsId}-label`} className="text-[13px] font-medium">
          {question}
        </p>
        <RadioGroup
          value={reason}
          onValueChange={onReasonChange}
          labelledBy={`${reasonsId}-label`}
          describedBy={reasons['aria-describedby']}
          invalid={reasons.invalid}
          className="grid gap-x-4 gap-y-2 sm:grid-cols-2"
        >
          {options.map((option) => (
            <RadioGroup.Item key={option.value} value={option.value}>
              {option.label}
            </RadioGroup.Item>
          ))}
        </RadioGroup>
        {reasonMissing ? <FieldError id={reasonsId}>{reasonMissingMessage}</FieldError> : null}
      </div>
      <Field id={feedbackId} label={followUpLabel(reason)}>
        <Textarea
          id={feedbackId}
          value={feedback}
          maxLength={FEEDBACK_MAX_LENGTH}
          onChange={(event) => onFeedbackChange(event.target.value)}
        />
      </Field>
    </div>
  );
}

/**
 * The survey's answers, and the props of ExitSurveyFields that hold them. `reset` starts a fresh
 * survey (reasons shuffled again, nothing chosen); `requireReason` flags a missing reason and
 * answers the chosen one.
 */
export function useExitSurvey() {
  const [options, setOptions] = useState(exitSurveyOptions);
  const [reason, setReason] = useState<ExitSurveyReasonValue | undefined>();
  const [feedback, setFeedback] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  return {
    reason,
    feedback,
    requireReason(): ExitSurveyReasonValue | undefined {
      setReasonMissing(reason === undefined);
      return reason;
    },
    reset() {
      setOptions(exitSurveyOptions());
      setReason(undefined);
      setFeedback('');
      setReasonMissing(false);
    },
    fields: {
      options,
      reason,
      onReasonChange(value: string) {
        setReason(EXIT_SURVEY_REASON_VALUES.find((known) => known === value));
        setReasonMissing(false);
      },
      feedback,
      onFeedbackChange: setFeedback,
      reasonMissing,
    },
  };
}

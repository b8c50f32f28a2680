/**
 * The exit survey shown when a paid project is deleted or a paid plan is left (spec part 1 §2
 * "Delete-project dialog", part 2 §2 "Exit survey"): ten reasons in a fair random order, then
 * 'None of the above', and a free-text box whose label follows the chosen reason.
 */
export interface ExitSurveyReason {
  value: string;
  label: string;
  /** Label of the free-text box once this reason is chosen. */
  followUp: string;
}

/** The spec's label of the free-text box when no reason (or one without a prompt) is chosen. */
export const DEFAULT_FOLLOW_UP_LABEL = 'What can we improve on?';

export const EXIT_SURVEY_REASONS = [
  {
    value: 'hobby_or_student_project',
    label: 'It was a hobby or student project',
    followUp: 'What would make you come back for your next project?',
  },
  {
    value: 'unsatisfied_with_support',
    label: 'I was unsatisfied with support',
    followUp: 'What went wrong with the support you received?',
  },
  { value: 'missing_feature', label: 'A feature I need is missing', followUp: 'Which feature were you missing?' },
  { value: 'difficult_to_use', label: 'It was difficult to use', followUp: 'What did you find difficult?' },
  { value: 'performance_or_reliability', label: 'Performance or reliability problems', followUp: 'What problems did you run into?' },
  { value: 'project_cancelled', label: 'The project was cancelled', followUp: DEFAULT_FOLLOW_UP_LABEL },
  { value: 'too_expensive', label: 'It is too expensive', followUp: 'What price would have been right for you?' },
  { value: 'unpredictable_pricing', label: 'The pricing is unpredictable', followUp: 'Which costs were hard to predict?' },
  { value: 'company_closed_or_acquired', label: 'My company closed or was acquired', followUp: DEFAULT_FOLLOW_UP_LABEL },
  { value: 'lost_trust', label: 'I lost trust in the platform', followUp: 'What made you lose trust?' },
] as const satisfies readonly ExitSurveyReason[];

export const NONE_OF_THE_ABOVE = {
  value: 'none_of_the_above',
  label: 'None of the above',
  followUp: DEFAULT_FOLLOW_UP_LABEL,
} as const satisfies ExitSurveyReason;

/** Every value the survey can send, 'None of the above' included. */
const reasonValues: ExitSurveyReasonValue[] = [...EXIT_SURVEY_REASONS.map((r) => r.value), NONE_OF_THE_ABOVE.value];
export const EXIT_SURVEY_REASON_VALUES = reasonValues as [ExitSurveyReasonValue, ...ExitSurveyReasonValue[]];
export type ExitSurveyReasonValue = (typeof EXIT_SURVEY_REASONS)[number]['value'] | typeof NONE_OF_THE_ABOVE.value;

/** 'delete' after a project deletion (spec); 'downgrade' when leaving a paid plan. */
export const EXIT_ACTIONS = ['delete', 'downgrade'] as const;
export type ExitAction = (typeof EXIT_ACTIONS)[number];

export const EXIT_SURVEY_MESSAGES = {
  selectReason: 'Please select a reason for deleting your project',
  unknownReason: 'Unknown exit survey reason: choose one from the list',
  submitFailed: (message: string) => `Failed to submit exit survey: ${message}`,
} as const;

/** A number in [0, 1), like Math.random; tests inject a seeded one. */
export type RandomSource = () => number;

/**
 * A copy of `items` in uniformly random order (Fisher–Yates): every permutation is equally
 * likely, unlike sorting with a random comparator.
 */
export function shuffle<T>(items: readonly T[], random: RandomSource = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    // min() guards a source that returns 1 exactly.
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** The options as the dialog shows them: the reasons shuffled, 'None of the above' last. */
export function exitSurveyOptions(random: RandomSource = Math.random): ExitSurveyReason[] {
  return [...shuffle(EXIT_SURVEY_REASONS, random), NONE_OF_THE_ABOVE];
}

/** The free-text label for the chosen reason; the default before a choice. */
export function followUpLabel(value: string | undefined): string {
  const reason = [...EXIT_SURVEY_REASONS, NONE_OF_THE_ABOVE].find((r) => r.value === value);
  return reason?.followUp ?? DEFAULT_FOLLOW_UP_LABEL;
}

import { useMutation } from '@tanstack/react-query';
import { EXIT_SURVEY_MESSAGES } from '@basin/core';
import type { ExitSurveyBody, ExitSurveyCreated } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';

export function sendExitSurvey(body: ExitSurveyBody): Promise<ExitSurveyCreated> {
  return api.POST('/api/platform/feedback/downgrade', { body });
}

/** POST /platform/feedback/downgrade; 'Failed to submit exit survey: {message}' unless `onError` is given. */
export function useExitSurveyMutation({ onError, ...options }: MutationHookOptions<ExitSurveyCreated, ExitSurveyBody> = {}) {
  return useMutation({
    mutationFn: sendExitSurvey,
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(EXIT_SURVEY_MESSAGES.submitFailed(error.message));
    },
    ...options,
  });
}

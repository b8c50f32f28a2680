import { ASSISTANT_MESSAGES } from '@basin/core';
import type { RateMessageBody, RateMessageResponse } from '@basin/core/schemas';
import { api } from '../../../data/fetcher';

/** `POST /api/ai/feedback/rate`; a failure is only logged (spec part 2 §8). */
export async function rateMessage(body: RateMessageBody): Promise<RateMessageResponse | undefined> {
  try {
    return await api.POST('/api/ai/feedback/rate', { body });
  } catch (error) {
    console.error(ASSISTANT_MESSAGES.rateFailed(error instanceof Error ? error.message : String(error)));
    return undefined;
  }
}

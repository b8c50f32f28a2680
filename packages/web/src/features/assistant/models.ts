import { ASSISTANT_MODELS, type AssistantModel } from '@basin/core/schemas';
import { createLocalSetting } from '../../lib/local-setting';

/** The model the member picked last, on this browser ('' until they pick one). */
export const assistantModelSetting = createLocalSetting<AssistantModel | ''>('basin.assistant-model', '', (raw) =>
  ASSISTANT_MODELS.find((model) => model === raw),
);

/** gpt-5 needs a paid plan (spec part 2 §4, §6, §9). */
export const modelNeedsPaidPlan = (model: AssistantModel) => model === 'gpt-5';

/**
 * The model a chat uses: the stored choice, else gpt-5-mini on the free plan and gpt-5 on paid
 * ones. A stored gpt-5 on the free plan falls back to gpt-5-mini (`fellBack`).
 */
export function modelInUse(stored: AssistantModel | '', planId: string | undefined): { model: AssistantModel; fellBack: boolean } {
  const free = planId === undefined || planId === 'free';
  if (!stored) return { model: free ? 'gpt-5-mini' : 'gpt-5', fellBack: false };
  if (free && modelNeedsPaidPlan(stored)) return { model: 'gpt-5-mini', fellBack: true };
  return { model: stored, fellBack: false };
}

/** Where a free organization's member goes to choose gpt-5. */
export const modelUpgradePath = (slug: string | undefined) =>
  `/org/${encodeURIComponent(slug || '_')}/billing?panel=subscriptionPlan&source=ai-assistant-model`;

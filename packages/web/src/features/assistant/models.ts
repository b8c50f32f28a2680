import { ASSISTANT_MODELS, type AssistantModel } from '@basin/core/schemas';
import { useSyncExternalStore } from 'react';

const MODEL_KEY = 'basin.assistant-model';
const listeners = new Set<() => void>();

/**
 * The model the member picked last, on this browser ('' until they pick one). Kept apart from
 * lib/local-setting on purpose: importing that shared module from this lazy chunk splits it out of
 * the project home's first load, which has no room for the extra chunk.
 */
export const assistantModelSetting = {
  get(): AssistantModel | '' {
    try {
      const raw = localStorage.getItem(MODEL_KEY);
      return ASSISTANT_MODELS.find((model) => model === raw) ?? '';
    } catch {
      return '';
    }
  },
  set(model: AssistantModel): void {
    try {
      localStorage.setItem(MODEL_KEY, model);
    } catch {
      // Storage full or blocked: the choice lasts for this page.
    }
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useStoredModel(): AssistantModel | '' {
  return useSyncExternalStore(assistantModelSetting.subscribe, assistantModelSetting.get, assistantModelSetting.get);
}

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

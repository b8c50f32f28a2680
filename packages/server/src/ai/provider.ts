/**
 * The language model behind the assistant: an OpenAI-compatible chat completions endpoint
 * (@ai-sdk/openai-compatible), so OpenAI, a local Ollama, llama.cpp or vLLM all work alike.
 */
import type { AssistantModel, PlanId } from '@basin/core/schemas';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiConfig } from './config.ts';

/**
 * Spec part 2 §4, §9: gpt-5 for organizations on a paid plan (their default), gpt-5-mini for free
 * ones whatever they asked for (a stored gpt-5 on a free plan falls back to it).
 */
export function modelFor(requested: AssistantModel | undefined, plan: PlanId): AssistantModel {
  if (plan === 'free') return 'gpt-5-mini';
  return requested ?? 'gpt-5';
}

const providers = new WeakMap<AiConfig, ReturnType<typeof createOpenAICompatible>>();

/** The provider's model standing for a dashboard model name (BASIN_AI_MODELS). */
export function languageModel(config: AiConfig, name: AssistantModel): LanguageModel {
  let provider = providers.get(config);
  if (!provider) {
    provider = createOpenAICompatible({ name: 'openai-compatible', baseURL: config.baseUrl, apiKey: config.apiKey, includeUsage: true });
    providers.set(config, provider);
  }
  return provider.chatModel(config.models[name]);
}

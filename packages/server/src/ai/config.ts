import { ASSISTANT_MODELS, type AssistantModel } from '@basin/core/schemas';

/**
 * The AI assistant's model provider: any server speaking OpenAI's chat completions (OpenAI itself,
 * or a local one such as Ollama, llama.cpp's server or vLLM), and which of its models stands for
 * each of the dashboard's model names.
 */
export interface AiConfig {
  /** OPENAI_API_KEY; without one the assistant answers that it needs one (local servers take any value). */
  apiKey: string | undefined;
  /** OPENAI_BASE_URL, up to `/v1`; OpenAI's own API by default. */
  baseUrl: string;
  /** The provider's model for each model name the dashboard offers (BASIN_AI_MODELS). */
  models: Record<AssistantModel, string>;
  /** BASIN_ASSISTANT_DISABLED=true switches the assistant off for everyone. */
  disabled: boolean;
  /** Retries of a failed provider call (the AI SDK waits 2 s, then 4 s, ...); tests use 0. */
  maxRetries: number;
}

export const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1';

export function aiConfigFromEnv(env: NodeJS.ProcessEnv): AiConfig {
  const baseUrl = (env.OPENAI_BASE_URL?.trim() || DEFAULT_AI_BASE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(baseUrl)) throw new Error(`OPENAI_BASE_URL must be an http(s) URL, got ${env.OPENAI_BASE_URL}`);
  return {
    apiKey: env.OPENAI_API_KEY?.trim() || undefined,
    baseUrl,
    models: modelMap(env.BASIN_AI_MODELS),
    disabled: disabledFrom(env.BASIN_ASSISTANT_DISABLED),
    maxRetries: 2,
  };
}

/**
 * `gpt-5=qwen3:32b,gpt-5-mini=qwen3:8b`: each dashboard model name and the provider's model it
 * means. A name left out means the provider's model of the same name.
 */
export function modelMap(value: string | undefined): Record<AssistantModel, string> {
  const models = Object.fromEntries(ASSISTANT_MODELS.map((name) => [name, name])) as Record<AssistantModel, string>;
  for (const entry of (value ?? '')
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = at === -1 ? entry : entry.slice(0, at).trim();
    const model = at === -1 ? '' : entry.slice(at + 1).trim();
    if (!(ASSISTANT_MODELS as readonly string[]).includes(name) || !model) {
      throw new Error(
        `BASIN_AI_MODELS must be pairs such as gpt-5=qwen3:32b,gpt-5-mini=qwen3:8b (names: ${ASSISTANT_MODELS.join(', ')}), got ${value}`,
      );
    }
    models[name as AssistantModel] = model;
  }
  return models;
}

function disabledFrom(value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(text)) return false;
  if (['1', 'true', 'yes'].includes(text)) return true;
  throw new Error(`BASIN_ASSISTANT_DISABLED must be true or false, got ${value}`);
}

/**
 * The error text a failed turn ends its stream with. The provider's own words are kept, so the
 * dashboard can tell a conversation too long for the model (`context_length_exceeded`, "exceeds
 * the context window") from other failures (spec part 2 §8).
 */
import { APICallError, RetryError } from 'ai';

const CONTEXT_TOO_LONG = /context_length_exceeded|exceeds the context window|maximum context length|context length/i;

export function streamErrorText(error: unknown): string {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const code = providerErrorCode(cause.data);
    const words = code && !cause.message.includes(code) ? `${cause.message} (${code})` : cause.message;
    return cause.statusCode === undefined
      ? `The model provider could not be reached: ${words}`
      : `The model provider answered ${cause.statusCode}: ${words}`;
  }
  return cause instanceof Error ? cause.message : String(cause);
}

/** Whether the text says the conversation no longer fits the model's context window. */
export function isContextTooLong(text: string): boolean {
  return CONTEXT_TOO_LONG.test(text);
}

/** `{ error: { code } }` as OpenAI-compatible servers answer errors. */
function providerErrorCode(data: unknown): string | undefined {
  const error = data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined;
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

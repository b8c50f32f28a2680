/**
 * What of a conversation reaches the model (spec part 2 §5): the last 7 messages, never a system
 * message from the client, tool results only from the turn being continued (earlier ones are
 * stripped), and execute_sql rows only at the 'schema_and_log_and_data' level. Enforced here,
 * whatever the dashboard sent.
 */
import { ASSISTANT_MESSAGES } from '@basin/core';
import { AI_OPT_IN_LEVELS, ASSISTANT_MESSAGES_SENT, type AiOptInLevel } from '@basin/core/schemas';
import { convertToModelMessages, type ModelMessage, type ToolSet, type UIMessage } from 'ai';

export const OUTPUT_OMITTED = 'Result omitted from the conversation history.';
export const RESULTS_NOT_SHARED = "The query ran. This organization's AI opt-in level does not share its results with the Assistant.";
/** The most rows, and JSON characters of rows, one execute_sql result gives the model at the data level. */
export const ROWS_TO_MODEL = 100;
export const ROW_CHARACTERS_TO_MODEL = 20_000;

type Part = UIMessage['parts'][number];
type ToolPart = Extract<Part, { toolCallId: string }>;

const isToolPart = (part: Part): part is ToolPart => part.type === 'dynamic-tool' || part.type.startsWith('tool-');
const toolNameOf = (part: ToolPart): string =>
  part.type === 'dynamic-tool' ? (part as { toolName: string }).toolName : part.type.slice('tool-'.length);
const sharesData = (level: AiOptInLevel) => level === AI_OPT_IN_LEVELS[AI_OPT_IN_LEVELS.length - 1];

/** The UI messages the model may see, in order. */
export function messagesForModel(messages: readonly UIMessage[], level: AiOptInLevel): UIMessage[] {
  const recent = messages.filter((message) => message.role !== 'system').slice(-ASSISTANT_MESSAGES_SENT);
  const last = recent.length - 1;
  return recent.map((message, index) => {
    if (message.role !== 'assistant') return message;
    // The last message is the turn the dashboard continues after answering a tool call: it keeps its results.
    const continued = index === last;
    return { ...message, parts: message.parts.map((part) => shareablePart(part, continued, level)) };
  });
}

export function toModelMessages(messages: readonly UIMessage[], level: AiOptInLevel, tools: ToolSet): Promise<ModelMessage[]> {
  // A tool call never answered (the user left, or stopped the stream) has no result to send: leave it out.
  return convertToModelMessages(messagesForModel(messages, level), { tools, ignoreIncompleteToolCalls: true });
}

function shareablePart(part: Part, continued: boolean, level: AiOptInLevel): Part {
  if (!isToolPart(part) || part.state !== 'output-available') return part;
  if (!continued) return { ...part, output: OUTPUT_OMITTED } as Part;
  if (toolNameOf(part) === 'execute_sql') return { ...part, output: sqlResultForModel(part.output, level) } as Part;
  return part;
}

/**
 * An execute_sql result as the model gets it. The dashboard answers the rows (an array), or a
 * text: that the user skipped the query, or 'Error: {message}'. Texts pass; rows only at the data
 * level (and at most ROWS_TO_MODEL of them), else how many there were and their column names.
 */
export function sqlResultForModel(output: unknown, level: AiOptInLevel): unknown {
  if (typeof output === 'string') return output;
  if (!Array.isArray(output)) return sharesData(level) ? output : RESULTS_NOT_SHARED;
  if (!sharesData(level)) {
    const first = output[0];
    const columns = first && typeof first === 'object' && !Array.isArray(first) ? Object.keys(first) : [];
    return `${ASSISTANT_MESSAGES.rowsNotShared(output.length)}${columns.length ? ` Columns: ${columns.join(', ')}.` : ''}`;
  }
  const rows: unknown[] = [];
  let characters = 0;
  for (const row of output) {
    characters += JSON.stringify(row)?.length ?? 0;
    if (rows.length === ROWS_TO_MODEL || (rows.length && characters > ROW_CHARACTERS_TO_MODEL)) break;
    rows.push(row);
  }
  return rows.length === output.length ? output : { rows, note: `The first ${rows.length} of ${output.length} rows.` };
}

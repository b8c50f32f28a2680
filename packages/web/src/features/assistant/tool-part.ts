/** A tool call among a message's parts: what message-parts.tsx picks out and the tool cards show. */
import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';

export type ToolPart = ToolUIPart | DynamicToolUIPart;
type Part = UIMessage['parts'][number];

export const isToolPart = (part: Part): part is ToolPart => part.type === 'dynamic-tool' || part.type.startsWith('tool-');
export const toolNameOf = (part: ToolPart) => (part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length));

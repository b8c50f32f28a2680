/**
 * What a rated answer was about (spec part 2 §3: the rating call answers a category), read from
 * the message itself: the tools it called first, then its words.
 */
import type { ChatMessage, RateMessageResponse } from '@basin/core/schemas';

export type RatingCategory = RateMessageResponse['category'];

const SCHEMA_DDL = /\b(create|alter|drop)\s+(table|type|schema|index|view|materialized view|extension|sequence)\b/i;
const POLICY_DDL = /\b(create|alter|drop)\s+policy\b|\brow level security\b/i;

export function ratingCategory(message: Pick<ChatMessage, 'parts'> | undefined): RatingCategory {
  const parts = message?.parts ?? [];
  const tools = parts
    .filter((part) => part.type.startsWith('tool-'))
    .map((part) => ({ name: part.type.slice('tool-'.length), input: part.input }));
  const sql = tools
    .filter((tool) => tool.name === 'execute_sql')
    .map((tool) => String((tool.input as { sql?: unknown } | undefined)?.sql ?? ''))
    .join('\n');
  if (tools.some((tool) => tool.name === 'deploy_edge_function')) return 'edge_functions';
  if (tools.some((tool) => tool.name === 'list_policies') || POLICY_DDL.test(sql)) return 'rls_policies';
  if (SCHEMA_DDL.test(sql)) return 'schema_design';
  if (sql) return 'sql_generation';

  const text = parts
    .filter((part) => part.type === 'text')
    .map((part) => String(part.text ?? ''))
    .join('\n');
  if (/\b(polic(y|ies)|rls|row level security)\b/i.test(text)) return 'rls_policies';
  if (/\bedge functions?\b|\bDeno\.serve\b/i.test(text)) return 'edge_functions';
  if (/\b(error|fail(ed|s|ing)?|debug|fix(ed)?|exception)\b/i.test(text)) return 'debugging';
  if (SCHEMA_DDL.test(text) || /\b(schema|foreign key|primary key|column)s?\b/i.test(text)) return 'schema_design';
  if (/```sql|\bselect\b[\s\S]*\bfrom\b/i.test(text)) return 'sql_generation';
  return 'general';
}

import { ASSISTANT_MESSAGES } from '@basin/core';
import { FUNCTION_SLUG_MAX_LENGTH, FUNCTION_SLUG_PATTERN } from '@basin/core/schemas';
import type { ResultRow } from './chart-data';
import type { ChartSettings } from './result-widget';

/**
 * The tools' inputs and outputs as the cards read them. Parts come from the model (and from
 * storage), so every field is checked rather than trusted.
 */
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export interface SqlToolInput {
  sql: string;
  label: string | undefined;
  isWriteQuery: boolean;
  chart: ChartSettings;
}

/** execute_sql's input (spec part 2 §3): sql, label, isWriteQuery, chart config with xKey/xAxis and yKey/yAxis. */
export function sqlToolInput(input: unknown): SqlToolInput {
  const fields = record(input);
  const config = { ...record(fields.chartConfig), ...record(fields.chart) };
  const view = text(config.view);
  return {
    sql: text(fields.sql) ?? '',
    label: text(fields.label),
    isWriteQuery: fields.isWriteQuery === true,
    chart: {
      view: view === 'chart' || view === 'table' ? view : undefined,
      xKey: text(config.xKey) ?? text(config.xAxis),
      yKey: text(config.yKey) ?? text(config.yAxis),
    },
  };
}

export type SqlToolOutput =
  { kind: 'rows'; rows: ResultRow[] } | { kind: 'skipped' } | { kind: 'error'; message: string } | { kind: 'other'; text: string };

const ERROR_PREFIX = 'Error: ';
export const SKIPPED_QUERY = ASSISTANT_MESSAGES.skippedQuery;

/** What a run answered: the rows, the skip, or 'Error: {message}'. */
export function sqlToolOutput(output: unknown): SqlToolOutput {
  if (Array.isArray(output)) return { kind: 'rows', rows: output.map(record) };
  if (output === SKIPPED_QUERY) return { kind: 'skipped' };
  if (typeof output === 'string' && output.startsWith(ERROR_PREFIX)) return { kind: 'error', message: output.slice(ERROR_PREFIX.length) };
  return { kind: 'other', text: typeof output === 'string' ? output : JSON.stringify(output) };
}

export interface FunctionToolInput {
  code: string;
  name: string;
  slug: string;
  label: string;
}

/** A name as a function slug: letters, digits, _ and -, starting with a letter. */
export function slugOf(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, FUNCTION_SLUG_MAX_LENGTH);
  return slug || 'my-function';
}

/** deploy_edge_function's input (spec part 2 §3): name defaults to 'my-function', label to 'Edge Function'. */
export function functionToolInput(input: unknown): FunctionToolInput {
  const fields = record(input);
  const name = text(fields.name)?.trim() || text(fields.functionName)?.trim() || 'my-function';
  const given = text(fields.slug) ?? text(fields.functionName);
  return {
    code: text(fields.code) ?? '',
    name,
    slug: given && FUNCTION_SLUG_PATTERN.test(given) && given.length <= FUNCTION_SLUG_MAX_LENGTH ? given : slugOf(given ?? name),
    label: text(fields.label)?.trim() || 'Edge Function',
  };
}

export type FunctionToolOutput = { kind: 'deployed'; url: string } | { kind: 'skipped' } | { kind: 'failed'; error: string };

export function functionToolOutput(output: unknown): FunctionToolOutput {
  const fields = record(output);
  if (fields.success === true) return { kind: 'deployed', url: text(fields.url) ?? '' };
  const error = text(fields.error) ?? (typeof output === 'string' ? output : 'Unknown error');
  return error === 'Skipped' ? { kind: 'skipped' } : { kind: 'failed', error };
}

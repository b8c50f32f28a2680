/**
 * Spec part 2 §2: a code block in the assistant's answer may carry a properties comment, one line
 * `-- props: {...}` (or `// props:` / `/* props: ... *\/`) holding JSON with id, title, xAxis,
 * yAxis, isChart and name. The comment is taken out of the code that is shown.
 */
export interface CodeBlockProps {
  id?: string;
  title?: string;
  xAxis?: string;
  yAxis?: string;
  isChart?: boolean;
  name?: string;
}

const PROPS_LINE = /^\s*(?:--|\/\/|\/\*)\s*props:\s*(\{.*\})\s*(?:\*\/)?\s*$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : undefined;
}

function readProps(json: string): CodeBlockProps | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const props: CodeBlockProps = {};
  for (const key of ['id', 'title', 'xAxis', 'yAxis', 'name'] as const) {
    const field = text(record[key]);
    if (field !== undefined) props[key] = field;
  }
  if (typeof record.isChart === 'boolean') props.isChart = record.isChart;
  else if (record.isChart === 'true' || record.isChart === 'false') props.isChart = record.isChart === 'true';
  return props;
}

/** The block's code without its properties comment, and the properties when a valid one was there. */
export function splitCodeBlockProps(code: string): { code: string; props: CodeBlockProps | undefined } {
  const lines = code.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const match = PROPS_LINE.exec(lines[index] ?? '');
    if (!match?.[1]) continue;
    const props = readProps(match[1]);
    if (!props) continue;
    lines.splice(index, 1);
    return { code: lines.join('\n').replace(/^\n+/, '').replace(/\s+$/, ''), props };
  }
  return { code: code.replace(/\s+$/, ''), props: undefined };
}

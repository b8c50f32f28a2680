/**
 * pg_graphql's comment directives: `@graphql({...})` in a schema's or relation's comment
 * configures how it is reflected. Only the keys Basin reads are typed; a comment whose JSON does
 * not parse configures nothing, as in pg_graphql.
 */
export interface Directive {
  inflect_names?: boolean;
  max_rows?: number;
  name?: string;
  totalCount?: { enabled?: boolean };
  primary_key_columns?: string[];
}

const DIRECTIVE = /@graphql\((\{[\s\S]*\})\)/;

export function directiveOf(comment: string | undefined): Directive {
  const json = comment ? DIRECTIVE.exec(comment)?.[1] : undefined;
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Directive) : {};
  } catch {
    return {};
  }
}

/**
 * Edge functions and their secrets. `all` is the prefix the API docs panel lists functions under
 * too, so a deploy or delete refreshes its Edge Functions section.
 */
export const functionKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'edge-functions'] as const,
  list: (ref: string | undefined) => ['projects', ref, 'edge-functions', 'list'] as const,
  detail: (ref: string | undefined, slug: string | undefined) => ['projects', ref, 'edge-functions', 'detail', slug] as const,
  body: (ref: string | undefined, slug: string | undefined) => ['projects', ref, 'edge-functions', 'detail', slug, 'body'] as const,
  activity: (ref: string | undefined, slug: string | undefined) => ['projects', ref, 'edge-functions', 'detail', slug, 'activity'] as const,
  secrets: (ref: string | undefined) => ['projects', ref, 'function-secrets'] as const,
  runtime: (ref: string | undefined) => ['projects', ref, 'functions-runtime'] as const,
};

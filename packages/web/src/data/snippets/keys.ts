export const snippetKeys = {
  list: (ref: string | undefined) => ['projects', ref, 'snippets'] as const,
  detail: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'snippets', id] as const,
};

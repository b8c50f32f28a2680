export const sqlKeys = {
  /** Runs are mutations; the key names them for devtools and `useIsMutating`. */
  run: (ref: string | undefined) => ['projects', ref, 'sql', 'run'] as const,
};

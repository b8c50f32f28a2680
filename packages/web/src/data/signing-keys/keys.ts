export const signingKeyKeys = {
  list: (ref: string | undefined) => ['projects', ref, 'signing-keys'] as const,
};

export const accessTokenKeys = {
  list: () => ['profile', 'access-tokens'] as const,
};

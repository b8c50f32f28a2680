export const profileKeys = {
  detail: () => ['profile'] as const,
};

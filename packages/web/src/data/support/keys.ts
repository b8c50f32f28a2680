export const supportKeys = {
  ticket: (id: number | undefined) => ['support', 'tickets', id] as const,
};

export const vaultKeys = {
  secrets: (ref: string | undefined) => ['projects', ref, 'vault', 'secrets'] as const,
  decrypted: (ref: string | undefined, id: string) => ['projects', ref, 'vault', 'secrets', id, 'decrypted'] as const,
};

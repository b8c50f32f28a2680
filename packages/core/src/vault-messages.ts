/** What the Vault page and its API say (Basin's own wording; the spec names the page only). */
export const VAULT_MESSAGES = {
  noPermission: 'You need additional permissions to manage the Vault: it is open to the roles that see the postgres connection string',
  notRunning: (status: string) => `The project's database must be running to reach its Vault (it is ${status})`,
  notFound: 'Secret not found',
  nameTaken: (name: string) => `A secret named "${name}" already exists`,
  keyUnavailable: "The Vault's key is not available to the database: restart the project to hand it over again",
  listFailed: 'Failed to retrieve secrets',
  revealFailed: (message: string) => `Failed to reveal the secret: ${message}`,
  createFailed: (message: string) => `Failed to add the secret: ${message}`,
  updateFailed: (message: string) => `Failed to update the secret: ${message}`,
  deleteFailed: (message: string) => `Failed to delete the secret: ${message}`,
  created: (name: string) => `Added secret ${name}`,
  updated: (name: string) => `Updated secret ${name}`,
  deleted: (name: string) => `Deleted secret ${name}`,
  undecryptable: 'This secret cannot be decrypted with the project key',
} as const;

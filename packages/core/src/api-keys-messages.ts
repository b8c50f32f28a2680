/** What the API keys and configuration panels say (spec part 1 §4, §6, §8). */
export const API_KEYS_MESSAGES = {
  noPermission: "You don't have permission to view API keys. These keys restricted to users with higher access levels.",
  updating: 'Updating JWT secret...',
  updateFailed: 'JWT secret update failed, new API key may have issues',
  keysFailedToast: 'Failed to retrieve API keys',
  configFailed: 'Failed to retrieve configuration',
  updateFailedToast: 'Failed to update JWT secret',
  rotateForbidden: 'You need additional permissions to generate a new JWT secret',
  rotateInProgress: 'The JWT secret is already being updated',
  lastUsedFailed: 'Failed to identify when the anon and service_role keys were last used',
  /** The project gateway's 401s (our words). */
  gatewayMissingKey: 'No API key found in request: send it in the apikey header or as Authorization: Bearer',
  gatewayInvalidKey: 'Invalid API key',
} as const;

/** The JWT update status is polled every 1 s while updating (spec part 1 §9). */
export const JWT_UPDATE_POLL_MS = 1000;

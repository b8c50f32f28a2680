import { can, type Role } from '@basin/core';
import { FUNCTIONS_MESSAGES } from '@basin/core/schemas';

/** What the member may do with the project's functions, and the tooltip of what they may not. */
export function functionPermissions(role: Role | undefined) {
  const canWrite = can(role, 'functions:write');
  const canReadSecrets = can(role, 'functions.secrets:read');
  const canWriteSecrets = can(role, 'functions.secrets:write');
  return {
    /** Undefined while the role loads: nothing is disabled with a reason yet. */
    loaded: role !== undefined,
    canWrite,
    writeTooltip: role !== undefined && !canWrite ? FUNCTIONS_MESSAGES.noPermission : undefined,
    canReadSecrets,
    canWriteSecrets,
    secretsTooltip: role !== undefined && !canWriteSecrets ? FUNCTIONS_MESSAGES.noSecretsPermission : undefined,
  };
}

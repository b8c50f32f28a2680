export type {
  InstanceAddress,
  InstanceDriver,
  InstanceEndpoints,
  InstanceSettings,
  InstanceSpec,
  InstanceStats,
  PostgresMajor,
} from './types.ts';
export { EmbeddedDriver, type EmbeddedDriverOptions } from './embedded-driver.ts';
export { startSupervisor, type SupervisorOptions } from './supervisor.ts';
export { protectDataDir } from './system-user.ts';
export { ADMIN_ROLE, POSTGRES_ROLE, ensurePostgresRole } from './postgres-role.ts';
export { READONLY_ROLE, ensureReadonlyRole, setRolePassword } from './readonly-role.ts';

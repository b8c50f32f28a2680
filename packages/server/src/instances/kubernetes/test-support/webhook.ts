/**
 * The CloudNativePG validating webhook's rules (internal/webhook/v1/cluster_webhook.go of the
 * vendored release) that a Basin Cluster could break, for tests: the CRD schema cannot express
 * them, and the operator refuses a Cluster that breaks one.
 */
import type { ClusterManifest, ClusterStatus } from '../cnpg-types.ts';
import { parseImageTag } from '../images.ts';
import { mebibytes } from '../sizing.ts';

/** Parameters the operator owns (pkg/postgres FixedConfigurationParameters). */
const FIXED_PARAMETERS = new Set([
  'allow_system_table_mods',
  'archive_mode',
  'bonjour',
  'bonjour_name',
  'cluster_name',
  'config_file',
  'data_directory',
  'data_sync_retry',
  'dynamic_shared_memory_type',
  'event_source',
  'external_pid_file',
  'hba_file',
  'hot_standby',
  'huge_pages',
  'ident_file',
  'jit_provider',
  'listen_addresses',
  'logging_collector',
  'port',
  'primary_conninfo',
  'primary_slot_name',
  'recovery_target',
  'recovery_target_action',
  'recovery_target_inclusive',
  'recovery_target_lsn',
  'recovery_target_name',
  'recovery_target_time',
  'recovery_target_timeline',
  'recovery_target_xid',
  'restore_command',
  'shared_preload_libraries',
  'temp_tablespaces',
  'unix_socket_directories',
  'unix_socket_group',
  'unix_socket_permissions',
  'archive_cleanup_command',
  'archive_command',
  'log_destination',
  'log_directory',
  'log_file_mode',
  'log_filename',
  'log_rotation_age',
  'log_rotation_size',
  'log_truncate_on_rotation',
  'promote_trigger_file',
  'recovery_end_command',
  'recovery_min_apply_delay',
  'restart_after_crash',
  'ssl',
  'ssl_ca_file',
  'ssl_cert_file',
  'ssl_crl_file',
  'ssl_dh_params_file',
  'ssl_ecdh_curve',
  'ssl_key_file',
  'ssl_passphrase_command',
  'ssl_passphrase_command_supports_reload',
  'ssl_prefer_server_ciphers',
  'stats_temp_directory',
  'synchronous_standby_names',
  'synchronized_standby_slots',
  'syslog_facility',
  'syslog_ident',
  'syslog_sequence_numbers',
  'syslog_split_messages',
]);
const RESERVED_ROLES = new Set(['postgres', 'streaming_replica']);

/** A Kubernetes quantity in bytes (memory) or millicores (cpu). */
function amount(value: string, unit: 'bytes' | 'millicores'): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G)?$/.exec(value);
  if (!match) throw new Error(`Not a quantity: ${value}`);
  const n = Number(match[1]);
  if (unit === 'millicores') return match[2] === 'm' ? n : n * 1000;
  const factor = { Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4, k: 1e3, M: 1e6, G: 1e9 }[match[2] as string] ?? 1;
  return n * factor;
}

function sizeGi(size: string | undefined): number | undefined {
  return size ? amount(size, 'bytes') / 1024 ** 3 : undefined;
}

/** The rules a Cluster must meet on create, and, with `old`, on update. */
export function webhookProblems(cluster: ClusterManifest, old?: ClusterManifest & { status?: ClusterStatus }): string[] {
  const problems: string[] = [];
  const { spec, metadata } = cluster;
  if (!/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(metadata.name) || metadata.name.length > 50)
    problems.push('cluster name must be a DNS-1035 label of at most 50 characters');
  const hibernation = metadata.annotations?.['cnpg.io/hibernation'];
  if (hibernation !== undefined && hibernation !== 'on' && hibernation !== 'off') problems.push(`hibernation annotation ${hibernation}`);

  const tag = parseImageTag(spec.imageName);
  if (!tag) problems.push(`imageName ${spec.imageName} has no version tag`);
  for (const key of Object.keys(spec.postgresql.parameters)) if (FIXED_PARAMETERS.has(key)) problems.push(`fixed parameter ${key}`);
  for (const [key, value] of Object.entries(spec.postgresql.parameters))
    if (typeof value !== 'string') problems.push(`parameter ${key} is not a string`);

  const { requests, limits } = spec.resources;
  if (amount(requests.cpu, 'millicores') > amount(limits.cpu, 'millicores')) problems.push('CPU request is greater than the limit');
  if (amount(requests.memory, 'bytes') > amount(limits.memory, 'bytes')) problems.push('memory request is greater than the limit');
  const sharedBuffers = spec.postgresql.parameters.shared_buffers;
  if (sharedBuffers && amount(requests.memory, 'bytes') < mebibytes(sharedBuffers) * 1024 ** 2)
    problems.push('memory request is lower than shared_buffers');

  const bootstrap = spec.bootstrap as Record<string, { database?: string; owner?: string; source?: string } | undefined>;
  const methods = Object.keys(bootstrap).filter((key) => bootstrap[key]);
  if (methods.length > 1) problems.push('too many bootstrap methods');
  for (const method of methods) {
    const { database, owner } = bootstrap[method]!;
    if (!!database !== !!owner) problems.push(`bootstrap.${method}: database and owner go together`);
  }
  const recovery = bootstrap.recovery;
  if (recovery?.source) {
    const source = spec.externalClusters?.find((each) => each.name === recovery.source);
    if (!source) problems.push(`recovery source ${recovery.source} is not an external cluster`);
    else if (!source.barmanObjectStore) problems.push(`external cluster ${source.name} has no object store`);
  }
  const roles = spec.managed.roles.map((role) => role.name);
  if (new Set(roles).size !== roles.length) problems.push('duplicate managed role');
  for (const role of roles) if (RESERVED_ROLES.has(role)) problems.push(`managed role ${role} is reserved for the operator`);
  if (!spec.storage.size) problems.push('storage size not configured');

  if (old) {
    if (
      old.spec.imageName !== spec.imageName &&
      JSON.stringify(old.spec.postgresql.parameters) !== JSON.stringify(spec.postgresql.parameters)
    ) {
      problems.push("can't change image name and configuration at the same time");
    }
    // The version before is the data's (status.pgDataImageInfo) when the operator recorded it: so
    // the previous image may come back after a failed in-place upgrade.
    const oldTag = parseImageTag(old.status?.pgDataImageInfo?.image ?? old.spec.imageName);
    if (oldTag && tag && oldTag.major > tag.major) problems.push(`can't downgrade from major ${oldTag.major} to ${tag.major}`);
    const [before, after] = [sizeGi(old.spec.storage.size), sizeGi(spec.storage.size)];
    if (before !== undefined && after !== undefined && after < before)
      problems.push(`can't shrink storage from ${old.spec.storage.size} to ${spec.storage.size}`);
  }
  return problems;
}

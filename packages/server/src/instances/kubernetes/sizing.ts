/**
 * What a project's compute size and disk become on a Cluster: container resources, the
 * postgresql.conf parameters (from the same `instanceSettings` the embedded driver starts its
 * servers with) and the volume. Pure functions.
 */
import { computeSize, type ComputeSizeId, type DiskAttributes, type InstanceSettings } from '@basin/core';
import { REPLICATION_SETTINGS } from '../realtime-schema.ts';
import type { ResourceRequirements, StorageConfiguration } from './cnpg-types.ts';

/** The size and disk a project has: the instance spec carries only the settings they give. */
export interface ProjectShape {
  computeSize: ComputeSizeId;
  disk: DiskAttributes;
}

/** What CPU a size without dedicated cores (nano) gets: a quarter of a core, bursting to one. */
const SHARED_CPU = { request: 250, limit: 1000 };

/**
 * postgresql.conf parameters. CloudNativePG refuses the ones it owns (listen_addresses, port,
 * unix_socket_directories, ...), so only the size's settings and the client check the embedded
 * driver also sets go here; every value is a string, as the CRD wants.
 */
export function postgresParameters(settings: InstanceSettings): Record<string, string> {
  return {
    shared_buffers: settings.shared_buffers,
    max_connections: String(settings.max_connections),
    work_mem: settings.work_mem,
    // A query whose client went away stops instead of holding its slot, as on the embedded driver.
    client_connection_check_interval: '2s',
    // Realtime reads changes by logical replication, its slot's WAL capped (realtime-schema.ts).
    ...REPLICATION_SETTINGS,
  };
}

/**
 * Container resources: limits are the size's memory and cores; requests are `requestFraction` of
 * them (1 gives Guaranteed QoS), but memory never below twice shared_buffers (the operator refuses
 * a request under shared_buffers).
 */
export function computeResources(size: ComputeSizeId, settings: InstanceSettings, requestFraction = 1): ResourceRequirements {
  const entry = computeSize(size);
  const memoryLimit = Math.round(entry.memoryGb * 1024);
  const memoryRequest = Math.min(memoryLimit, Math.max(Math.round(memoryLimit * requestFraction), 2 * mebibytes(settings.shared_buffers)));
  const cpuLimit = entry.cores === null ? SHARED_CPU.limit : entry.cores * 1000;
  const cpuBase = entry.cores === null ? SHARED_CPU.request : cpuLimit;
  const cpuRequest = Math.max(10, Math.round(cpuBase * requestFraction));
  return {
    requests: { cpu: millicores(cpuRequest), memory: `${memoryRequest}Mi` },
    limits: { cpu: millicores(cpuLimit), memory: `${memoryLimit}Mi` },
  };
}

/** The data volume. IOPS and throughput are the StorageClass's: a claim cannot ask for them. */
export function storageFor(disk: DiskAttributes, classes: { gp3: string | undefined; io2: string | undefined }): StorageConfiguration {
  const storageClass = classes[disk.type];
  return { size: `${disk.size_gb}Gi`, ...(storageClass ? { storageClass } : {}), resizeInUseVolumes: true };
}

/** Gibibytes of a quantity the driver wrote (`8Gi`), or undefined for other spellings. */
export function gibibytes(size: string | undefined): number | undefined {
  const match = /^(\d+)Gi$/.exec(size ?? '');
  return match ? Number(match[1]) : undefined;
}

/** A Postgres memory setting ('32MB', '1GB', '512kB', or a number of MB) in MiB. */
export function mebibytes(value: string): number {
  const match = /^(\d+)\s*(kB|MB|GB|TB)?$/.exec(value.trim());
  if (!match) throw new Error(`Not a Postgres memory size: ${value}`);
  const factor = { kB: 1 / 1024, MB: 1, GB: 1024, TB: 1024 * 1024 }[match[2] ?? 'MB'] ?? 1;
  return Math.ceil(Number(match[1]) * factor);
}

function millicores(value: number): string {
  return value % 1000 === 0 ? String(value / 1000) : `${value}m`;
}

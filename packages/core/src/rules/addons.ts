/**
 * Project add-ons (spec part 1 §3): `compute_instance`, whose variants are the compute sizes as
 * `ci_<size>`, and `pitr` (point in time recovery).
 *
 * A project runs on the default size (micro) until a compute add-on is chosen, so a project on
 * micro has NO compute add-on selected. The branch sizing rule "an existing compute add-on
 * overrides the map" depends on this: a micro project's branches follow the map.
 *
 * PITR's variants are its retention windows, `pitr_7`, `pitr_14` and `pitr_28` days, at the hosted
 * platform's monthly prices billed by the hour (the spec gives none). It needs a paid plan and a
 * compute size of at least Small, as the hosted platform asks.
 */
import { computeSize } from '../catalogues/compute-sizes.ts';
import { COMPUTE_SIZE_IDS, type ComputeSizeId } from './instance-settings.ts';
import { LIFECYCLE_MESSAGES } from '../lifecycle-messages.ts';
import { ADDON_MESSAGES } from '../addons-messages.ts';
import type { PlanId } from '../schemas/organization.ts';

export const ADDON_TYPES = ['compute_instance', 'pitr'] as const;
export type AddonType = (typeof ADDON_TYPES)[number];

/** The size every project starts on, and returns to when its compute add-on is removed. */
export const DEFAULT_COMPUTE_SIZE = 'micro' satisfies ComputeSizeId;

export const COMPUTE_ADDON_PREFIX = 'ci_';
export type ComputeAddonId = `${typeof COMPUTE_ADDON_PREFIX}${ComputeSizeId}`;

export function computeAddonId(size: ComputeSizeId): ComputeAddonId {
  return `${COMPUTE_ADDON_PREFIX}${size}`;
}

export const COMPUTE_ADDON_IDS: readonly ComputeAddonId[] = COMPUTE_SIZE_IDS.map(computeAddonId);

export function computeSizeOfAddon(addon: ComputeAddonId): ComputeSizeId {
  return addon.slice(COMPUTE_ADDON_PREFIX.length) as ComputeSizeId;
}

/** The size a variant identifier names, or null when it is not a compute variant. */
export function parseComputeAddon(identifier: string): ComputeSizeId | null {
  return (COMPUTE_ADDON_IDS as readonly string[]).includes(identifier) ? computeSizeOfAddon(identifier as ComputeAddonId) : null;
}

/** The compute add-on of a project running on `size`: none on the default size. */
export function selectedComputeAddon(size: ComputeSizeId): ComputeAddonId | null {
  return size === DEFAULT_COMPUTE_SIZE ? null : computeAddonId(size);
}

export interface AddonVariant {
  identifier: string;
  name: string;
  price: number;
  price_interval: 'hourly' | 'monthly';
  price_type: 'fixed' | 'usage';
}

export interface SelectedAddon {
  type: AddonType;
  variant: AddonVariant;
}

export interface AvailableAddon {
  type: AddonType;
  name: string;
  variants: AddonVariant[];
}

/** 'Small', '2XL', '24XL Optimized Memory': the catalogue's name of the size. */
export function computeAddonName(size: ComputeSizeId): string {
  return computeSize(size).name;
}

/** A compute size as an add-on variant: billed by the hour of use, at the catalogue's price. */
export function computeAddonVariant(size: ComputeSizeId): AddonVariant {
  return {
    identifier: computeAddonId(size),
    name: computeAddonName(size),
    price: computeSize(size).hourlyUsd,
    price_interval: 'hourly',
    price_type: 'usage',
  };
}

export const ADDON_NAMES: Record<AddonType, string> = {
  compute_instance: 'Compute size',
  pitr: 'Point in time recovery',
};

/** How many days back a PITR add-on can recover, by variant. */
export const PITR_RETENTION_DAYS = [7, 14, 28] as const;
export type PitrRetentionDays = (typeof PITR_RETENTION_DAYS)[number];

/** USD per hour: $100, $200 and $400 a month. */
const PITR_HOURLY_USD: Record<PitrRetentionDays, number> = { 7: 0.137, 14: 0.274, 28: 0.548 };

export const pitrAddonId = (days: PitrRetentionDays) => `pitr_${days}` as const;

/** The smallest compute size PITR runs on: archiving and base backups need the headroom. */
export const PITR_MIN_COMPUTE_SIZE = 'small' satisfies ComputeSizeId;

export function pitrAddonVariant(days: PitrRetentionDays): AddonVariant {
  return {
    identifier: pitrAddonId(days),
    name: `${days} days`,
    price: PITR_HOURLY_USD[days],
    price_interval: 'hourly',
    price_type: 'usage',
  };
}

/** The retention a variant identifier names, or null when it is not a PITR variant. */
export function parsePitrAddon(identifier: string): PitrRetentionDays | null {
  return PITR_RETENTION_DAYS.find((days) => pitrAddonId(days) === identifier) ?? null;
}

/** Everything a project can choose from: every compute size, every PITR window. */
export const AVAILABLE_ADDONS: readonly AvailableAddon[] = [
  { type: 'compute_instance', name: ADDON_NAMES.compute_instance, variants: COMPUTE_SIZE_IDS.map(computeAddonVariant) },
  { type: 'pitr', name: ADDON_NAMES.pitr, variants: PITR_RETENTION_DAYS.map(pitrAddonVariant) },
];

/** The add-ons a project on `size`, with PITR kept for `pitrDays` (null: off), has selected. */
export function selectedAddons(size: ComputeSizeId, pitrDays: PitrRetentionDays | null = null): SelectedAddon[] {
  const compute: SelectedAddon[] = selectedComputeAddon(size) ? [{ type: 'compute_instance', variant: computeAddonVariant(size) }] : [];
  return pitrDays === null ? compute : [...compute, { type: 'pitr', variant: pitrAddonVariant(pitrDays) }];
}

/** Whether a project of this size is large enough for PITR. */
export const pitrRunsOn = (size: ComputeSizeId): boolean =>
  COMPUTE_SIZE_IDS.indexOf(size) >= COMPUTE_SIZE_IDS.indexOf(PITR_MIN_COMPUTE_SIZE);

/** Whether PITR may run on a project of this plan and size; why not otherwise. */
export function pitrAllowed(plan: PlanId, size: ComputeSizeId): { ok: true } | { error: string } {
  if (plan === 'free') return { error: ADDON_MESSAGES.pitrNeedsPaidPlan };
  if (!pitrRunsOn(size)) return { error: ADDON_MESSAGES.pitrNeedsCompute };
  return { ok: true };
}

/** The compute size a list of selected add-ons sets, or null when it holds no compute add-on. */
export function computeAddonSize(selected: readonly { type: string; variant: { identifier: string } }[]): ComputeSizeId | null {
  const compute = selected.find((addon) => addon.type === 'compute_instance');
  return compute ? parseComputeAddon(compute.variant.identifier) : null;
}

/** What a request to select `variant` of `type` asks for, or why it cannot be chosen. */
export function requestedAddon(
  type: AddonType,
  variant: string,
): { size: ComputeSizeId } | { pitrDays: PitrRetentionDays } | { error: string } {
  if (type === 'pitr') {
    const pitrDays = parsePitrAddon(variant);
    return pitrDays ? { pitrDays } : { error: ADDON_MESSAGES.unknownPitrVariant(variant) };
  }
  const size = parseComputeAddon(variant);
  return size ? { size } : { error: LIFECYCLE_MESSAGES.unknownComputeSize(variant) };
}

/**
 * Project add-ons (spec part 1 §3): `compute_instance`, whose variants are the compute sizes as
 * `ci_<size>`, and `pitr` (point in time recovery).
 *
 * A project runs on the default size (micro) until a compute add-on is chosen, so a project on
 * micro has NO compute add-on selected. The branch sizing rule "an existing compute add-on
 * overrides the map" depends on this: a micro project's branches follow the map.
 *
 * PITR has no variant: it needs continuous WAL archiving, which Basin does not run yet.
 */
import { computeSize } from '../catalogues/compute-sizes.ts';
import { COMPUTE_SIZE_IDS, type ComputeSizeId } from './instance-settings.ts';
import { LIFECYCLE_MESSAGES } from '../lifecycle-messages.ts';
import { ADDON_MESSAGES } from '../addons-messages.ts';

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

/** Everything a project can choose from: every compute size; no PITR variant yet. */
export const AVAILABLE_ADDONS: readonly AvailableAddon[] = [
  { type: 'compute_instance', name: ADDON_NAMES.compute_instance, variants: COMPUTE_SIZE_IDS.map(computeAddonVariant) },
  { type: 'pitr', name: ADDON_NAMES.pitr, variants: [] },
];

/** The add-ons a project on `size` has selected. */
export function selectedAddons(size: ComputeSizeId): SelectedAddon[] {
  return selectedComputeAddon(size) ? [{ type: 'compute_instance', variant: computeAddonVariant(size) }] : [];
}

/** The compute size a list of selected add-ons sets, or null when it holds no compute add-on. */
export function computeAddonSize(selected: readonly { type: string; variant: { identifier: string } }[]): ComputeSizeId | null {
  const compute = selected.find((addon) => addon.type === 'compute_instance');
  return compute ? parseComputeAddon(compute.variant.identifier) : null;
}

/** The size a request to select `variant` of `type` resizes to, or why it cannot be chosen. */
export function requestedComputeSize(type: AddonType, variant: string): { size: ComputeSizeId } | { error: string } {
  if (type === 'pitr') return { error: ADDON_MESSAGES.pitrUnavailable };
  const size = parseComputeAddon(variant);
  return size ? { size } : { error: LIFECYCLE_MESSAGES.unknownComputeSize(variant) };
}

import { z } from 'zod';
import { ADDON_MESSAGES } from '../addons-messages.ts';
import { ADDON_TYPES } from '../rules/addons.ts';
import { ProjectRef } from './common.ts';

const AddonType = z.enum(ADDON_TYPES, { error: () => ADDON_MESSAGES.unknownType });

export const AddonVariant = z
  .object({
    /** ci_<size> for compute. */
    identifier: z.string(),
    name: z.string(),
    /** USD per price_interval. */
    price: z.number(),
    price_interval: z.enum(['hourly', 'monthly']),
    price_type: z.enum(['fixed', 'usage']),
  })
  .meta({ id: 'AddonVariant' });
export type AddonVariant = z.infer<typeof AddonVariant>;

/**
 * The project's add-ons (spec part 1 §3). selected_addons holds a compute_instance add-on unless
 * the project runs on the default size (micro); available_addons lists every variant per type
 * (pitr_7, pitr_14 and pitr_28 for point in time recovery).
 */
export const ProjectAddonsResponse = z
  .object({
    ref: ProjectRef,
    selected_addons: z.array(z.object({ type: AddonType, variant: AddonVariant })),
    available_addons: z.array(z.object({ type: AddonType, name: z.string(), variants: z.array(AddonVariant) })),
  })
  .meta({ id: 'ProjectAddonsResponse' });
export type ProjectAddonsResponse = z.infer<typeof ProjectAddonsResponse>;

/** Selecting a compute variant resizes the project; the variant is checked by core's requestedComputeSize. */
export const UpdateAddonBody = z
  .object({ addon_type: AddonType, addon_variant: z.string().min(1, 'addon_variant is required') })
  .meta({ id: 'UpdateAddonBody' });
export type UpdateAddonBody = z.infer<typeof UpdateAddonBody>;

export const AddonVariantParams = z.object({ ref: ProjectRef, addon_variant: z.string() });

import { z } from 'zod';
import { CUSTOM_HOSTNAME_STATUSES } from '../rules/custom-hostname.ts';

/**
 * GET /v1/projects/{ref}/custom-hostname (spec part 1 §3 "Custom domain": status and
 * customDomain). Basin cannot issue certificates or DNS records, so customDomain is always null.
 */
export const CustomHostname = z
  .object({ status: z.enum(CUSTOM_HOSTNAME_STATUSES), customDomain: z.string().nullable() })
  .meta({ id: 'CustomHostname' });
export type CustomHostname = z.infer<typeof CustomHostname>;

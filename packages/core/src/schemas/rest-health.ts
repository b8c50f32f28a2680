import { z } from 'zod';
import { POSTGREST_STATUSES } from '../rules/rest-health.ts';

export const PostgrestStatus = z.enum(POSTGREST_STATUSES);

/** GET /projects/{ref}/api/rest: 200 ONLINE, 503 OFFLINE with a message. */
export const RestHealth = z.object({ status: PostgrestStatus, message: z.string().optional() }).meta({ id: 'RestHealth' });
export type RestHealth = z.infer<typeof RestHealth>;

import { createRoute } from '@hono/zod-openapi';
import { TelemetryEventBody, TrackFeatureFlagBody } from '@basin/core/schemas';
import { recordEvent, recordFeatureFlag } from '../services/account/telemetry.ts';
import type { Db } from '../store/db.ts';
import { createRouter, ERRORS, jsonBody } from './openapi.ts';

const tags = ['Telemetry'];

/** Local usage telemetry (spec part 2 §7): stored in the platform database, sent nowhere. */
export function telemetryRoutes(db: Db) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/telemetry/feature-flags/track',
        tags,
        request: jsonBody(TrackFeatureFlagBody),
        responses: { 204: { description: 'Recorded' }, 400: ERRORS[400], 401: ERRORS[401] },
      }),
      async (c) => {
        await recordFeatureFlag(db, c.var.userId, c.req.valid('json'));
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/telemetry/event',
        tags,
        request: jsonBody(TelemetryEventBody),
        responses: { 204: { description: 'Recorded' }, ...ERRORS },
      }),
      async (c) => {
        await recordEvent(db, c.var.userId, c.req.valid('json'));
        return c.body(null, 204);
      },
    );
}

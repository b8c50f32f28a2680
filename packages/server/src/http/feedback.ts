import { createRoute } from '@hono/zod-openapi';
import { ExitSurveyBody, ExitSurveyCreated } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { submitExitSurvey } from '../services/projects/exit-survey.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

export function feedbackRoutes(ctx: PlatformContext) {
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/feedback/downgrade',
      tags: ['Feedback'],
      request: jsonBody(ExitSurveyBody),
      responses: { 201: json(ExitSurveyCreated, 'The exit survey was stored'), ...ERRORS },
    }),
    async (c) => c.json(await submitExitSurvey(ctx, c.var.userId, c.req.valid('json')), 201),
  );
}

import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import { ErrorResponse } from '@basin/core/schemas';
import type { z } from 'zod';

import type { Profile } from '@basin/core/schemas';

export type AppEnv = { Variables: { userId: string; profile: Profile; requestId: string } };

/** The first problem of an invalid input, in words a user can act on. */
export function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field && issue.message.startsWith('Invalid') ? `${field}: ${issue.message}` : issue.message;
}

const answerInvalidInput: Hook<unknown, AppEnv, string, Response | undefined> = (result, c) => {
  if (!result.success) return c.json({ message: validationMessage(result.error) }, 400);
  return undefined;
};

export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: answerInvalidInput });

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const error = (description: string) => json(ErrorResponse, description);

/** The error answers every authenticated route can give. */
export const ERRORS = {
  400: error('Invalid input'),
  401: error('Not signed in'),
  403: error('Missing permission'),
  404: error('Not found, or not a member of its organization'),
} as const;

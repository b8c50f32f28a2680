import { z } from 'zod';
import { PROJECT_REF_PATTERN } from '../rules/project-ref.ts';

/** The one error shape of every API answer that is not 2xx. */
export const ErrorResponse = z.object({ message: z.string() }).meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const ProjectRef = z.string().regex(PROJECT_REF_PATTERN, 'Project ref must be 20 lower-case letters');
export const OrgSlug = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-_]+$/, 'Organization slug is not valid');

export const NAME_MAX_LENGTH = 64;
export const Name = z.string().trim().min(1, 'Name is required').max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);

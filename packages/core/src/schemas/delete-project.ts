import { z } from 'zod';
import { ProjectRef } from './common.ts';

/** DELETE /platform/projects/{ref}: the project, now GOING_DOWN (the spec does not use the answer). */
export const DeletedProject = z.object({ ref: ProjectRef, name: z.string() }).meta({ id: 'DeletedProject' });
export type DeletedProject = z.infer<typeof DeletedProject>;

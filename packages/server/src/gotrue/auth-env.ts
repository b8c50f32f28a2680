/** The Hono environment of the auth API: app.ts sets it up, the routes/*.ts read it. */
import type { ProjectRow } from '../store/projects.ts';
import type { AuthContext } from './context.ts';
import type { AuthApiError } from './errors.ts';

export type AuthEnv = {
  Bindings: { project: ProjectRow; clientIp: string };
  /** `event`: what a route did worth naming in its log line instead of 'request completed' ('Login'). */
  Variables: { auth: AuthContext; refusal: AuthApiError; event: string };
};

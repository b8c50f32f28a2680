/** Reading what a client sent the auth API: its JSON body, addresses and redirect targets. */
import { textProblem } from '../kernel/text.ts';
import type { AuthSettingsRow } from '../store/auth-settings.ts';
import { AuthApiError, badRequest } from './errors.ts';

export type Body = Record<string, unknown>;

/**
 * The JSON object of the body (an empty body is an empty object); GoTrue's bad_json otherwise, and
 * its validation_failed for text Postgres cannot store (a NUL, a lone surrogate).
 */
export async function readBody(request: Request): Promise<Body> {
  const text = await request.text();
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Could not parse request body as JSON: ${(error as Error).message}`, 'bad_json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('Could not parse request body as JSON: expected an object', 'bad_json');
  // Before any of it reaches the project's database, which could not store it.
  const problem = textProblem(parsed);
  if (problem) throw badRequest(`${problem.at.join('.') || 'A key of the body'} ${problem.message}`);
  return parsed as Body;
}

/** An optional string field; anything else but absent is refused. */
export function stringField(body: Body, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a string`);
  return value;
}

/** An optional object field (metadata). */
export function objectField(body: Body, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${name} must be an object`);
  return value as Record<string, unknown>;
}

/** GoTrue's address rule (the HTML living standard's): `xx:;x@x.x` fails it, `a@localhost` passes. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const MAX_EMAIL_LENGTH = 255;

/** The address, trimmed and lower-cased as GoTrue stores it; 400 email_address_invalid otherwise. */
export function validEmail(email: string): string {
  const address = email.trim().toLowerCase();
  if (address.length > MAX_EMAIL_LENGTH || !EMAIL.test(address))
    throw new AuthApiError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  return address;
}

/**
 * Where a link may send the user: the requested URL when it is under the site URL or matches an
 * entry of the redirect allow-list (globs: `*` within one host label or path segment, `**`
 * anything), else the site URL, as GoTrue falls back.
 */
export function redirectTarget(
  settings: Pick<AuthSettingsRow, 'site_url' | 'uri_allow_list'>,
  requested: string | undefined | null,
): string {
  if (!requested) return settings.site_url;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return settings.site_url;
  }
  if (sameOrigin(url, settings.site_url)) return requested;
  const allowed = settings.uri_allow_list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return allowed.some((pattern) => globMatches(pattern, requested)) ? requested : settings.site_url;
}

function sameOrigin(url: URL, site: string): boolean {
  try {
    return new URL(site).origin === url.origin;
  } catch {
    return false;
  }
}

function globMatches(pattern: string, candidate: string): boolean {
  const source = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^./]*'),
    )
    .join('.*');
  return new RegExp(`^${source}$`).test(candidate);
}

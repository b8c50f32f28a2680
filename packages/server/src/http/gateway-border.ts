/**
 * What crosses the project gateway's border besides the API's own answer: CORS for any site, the
 * walls around user content (no script, no origin, no framing), and the dashboard's cookies kept
 * away from project code in both directions (gateway.ts).
 */
import { securityHeaderValues } from './security-headers.ts';

/** Browsers call project APIs from any site: answer their preflights and let them read the answers. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, x-supabase-api-version, accept, accept-profile, content-profile, prefer, range, x-upsert, x-metadata, cache-control, content-encoding, if-none-match, if-modified-since, tus-resumable, upload-length, upload-metadata, upload-offset, upload-defer-length, x-http-method-override',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-expose-headers':
    'content-range, content-profile, preference-applied, location, x-supabase-api-version, x-total-count, link, content-length, content-type, content-disposition, etag, last-modified, cache-control, accept-ranges, tus-resumable, tus-version, tus-max-size, tus-extension, upload-offset, upload-length, upload-metadata, upload-expires',
};

/**
 * What the project's API sends, functions' pages and stored files included, runs as no origin at
 * all (a document gets a unique opaque origin and runs no script): never as the dashboard, which
 * may share this origin or this site. Nor may another site frame it or sniff it as another type.
 */
export const USER_CONTENT_WALLS = securityHeaderValues('sandbox');

export const withoutPort = (host: string) => host.toLowerCase().replace(/:\d+$/, '');

/** Sets the walls around user content on an answer of the project's API, and answers it. */
export function withWalls(response: Response): Response {
  for (const [name, value] of Object.entries(USER_CONTENT_WALLS)) response.headers.set(name, value);
  return response;
}

/** Where a request reached the gateway: a project's own host, or the dashboard's origin by path. */
export type Door = 'project-host' | 'dashboard-origin';

/** The dashboard's session cookies: better-auth's, with or without a secure prefix. */
const isDashboardCookie = (pair: string) => /^\s*(__Secure-|__Host-)?better-auth\./.test(pair);

/**
 * The headers project code (functions, and members' SQL through `request.headers`) may see. On
 * the dashboard's origin every cookie is the dashboard's, so none goes on; on a project's host the
 * project's own cookies do, the dashboard's never (it is host-only, but an install could widen it).
 * The same Headers when nothing is taken out.
 */
export function projectFacingHeaders(headers: Headers, door: Door): Headers {
  const cookie = headers.get('cookie');
  if (cookie === null) return headers;
  const kept = door === 'project-host' ? cookie.split(';').filter((pair) => pair.trim() && !isDashboardCookie(pair)) : [];
  const result = new Headers(headers);
  if (kept.length) result.set('cookie', kept.map((pair) => pair.trim()).join('; '));
  else result.delete('cookie');
  return result;
}

/**
 * Project answers never set cookies where the dashboard reads them: none at all on the dashboard's
 * origin; on a project's host, only cookies for that host (a `Domain` above it, say the platform's
 * domain, would reach the dashboard and could plant a session there).
 */
export function keepCookiesToTheProject(response: Response, door: Door, projectHost: string): void {
  if (!response.headers.has('set-cookie')) return;
  const cookies = response.headers.getSetCookie();
  response.headers.delete('set-cookie');
  for (const cookie of cookies) if (cookieMayGo(cookie, door, projectHost)) response.headers.append('set-cookie', cookie);
}

export const cookieMayGo = (setCookie: string, door: Door, projectHost: string) =>
  door === 'project-host' && cookieStaysOn(setCookie, projectHost);

/** Whether a Set-Cookie reaches only this host (and names below it): host-only, or a Domain at or under it. */
function cookieStaysOn(setCookie: string, host: string): boolean {
  const domain = /;\s*domain\s*=\s*([^;]*)/i.exec(setCookie)?.[1]?.trim().replace(/^\./, '').toLowerCase();
  return !domain || domain === host || domain.endsWith(`.${host}`);
}

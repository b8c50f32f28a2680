import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../kernel/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that carries a cookie unless it comes from the dashboard's own
 * pages: a browser attaches the session cookie to a form another site posts here, and project
 * hosts on the same site serve members' code. The dashboard's origins pass (its URL, localhost,
 * and BASIN_ALLOWED_ORIGINS), and so does a page on the Host it asks (the same site, whatever
 * proxy is in front). A request naming no origin at all (no Origin, no Referer) is refused too:
 * every browser names the page's origin on such requests, so only a client that hides it omits it,
 * and clients without a browser use no cookie (the CLI's access token passes).
 */
export function sameOriginOnly(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.header('cookie')) return next();
    const source = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
    if (source === undefined) throw forbidden('Refused a request that names no origin (no Origin or Referer header): use the dashboard');
    if (trusted.has(source) || hostOf(source) === c.req.header('host')) return next();
    throw forbidden(`Refused a request from another site (${source.slice(0, 100)}): use the dashboard`);
  };
}

/** The page's origin from its Referer; 'null' when that is not a URL. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

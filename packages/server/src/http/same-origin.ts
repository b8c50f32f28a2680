import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../kernel/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that carries a cookie but comes from another site's page: a
 * browser attaches the session cookie to a form another site posts here. The dashboard's origins
 * pass, and so does a page on the Host it asks (the same site, whatever proxy is in front). A
 * request naming no origin at all (no Origin, no Referer) is not a browser's cross-site request.
 */
export function sameOriginOnly(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.header('cookie')) return next();
    const source = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
    if (source === undefined || trusted.has(source) || hostOf(source) === c.req.header('host')) return next();
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

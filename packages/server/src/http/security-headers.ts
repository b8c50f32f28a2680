import type { MiddlewareHandler } from 'hono';

const NO_FRAMING = "frame-ancestors 'none'";

/** The headers below for an answer whose own policy is `policy`, which they extend. */
export const securityHeaderValues = (policy?: string | null) => ({
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'content-security-policy': policy ? `${policy}; ${NO_FRAMING}` : NO_FRAMING,
});

/**
 * No page or answer of Basin may be framed by another site (clickjacking) or sniffed as another
 * type. A policy the answer already has is kept and extended. (The project gateway sets these on
 * its own answers, which do not pass here.) Set on the answer itself: c.header() after the
 * handler copies the answer into a streamed one, which cost every request (the project gateway's
 * ~15% of its CPU).
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(securityHeaderValues(headers.get('content-security-policy')))) headers.set(name, value);
};

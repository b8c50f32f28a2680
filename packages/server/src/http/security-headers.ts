import type { MiddlewareHandler } from 'hono';

/** No page or answer of Basin may be framed by another site (clickjacking) or sniffed as another type. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('x-frame-options', 'DENY');
  c.header('content-security-policy', "frame-ancestors 'none'");
  c.header('x-content-type-options', 'nosniff');
};

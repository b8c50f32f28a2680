import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The built dashboard: hashed assets cached for good, every other path answered by the SPA. */
export function dashboardRoutes(webDir: string | undefined) {
  const app = new Hono();
  if (!webDir || !existsSync(path.join(webDir, 'index.html'))) {
    return app.get('*', (c) => c.text('The dashboard is not built: run `npm run build` (npm start does it).', 503));
  }
  const root = path.relative(process.cwd(), webDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('cache-control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root }));
  app.get('*', async (c) => c.html(await readFile(path.join(webDir, 'index.html'), 'utf8')));
  return app;
}

import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { RequestListener } from 'node:http';
import { HTTPException } from 'hono/http-exception';
import type { Auth } from '../auth.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { HttpError } from '../kernel/errors.ts';
import { invitationRoutes } from './invitations.ts';
import { memberRoutes } from './members.ts';
import { platformBodyLimit } from './body-limits.ts';
import { guardInput } from './input-guard.ts';
import { authRequest, requestLog, requireSession, requireSessionOrToken } from './middleware.ts';
import { createRouter, type AppEnv } from './openapi.ts';
import { accessTokenRoutes } from './access-tokens.ts';
import { addonRoutes } from './addons.ts';
import { advisorRoutes, advisorV1Routes } from './advisors.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { signingKeyRoutes } from './signing-keys.ts';
import { authMailboxRoutes } from './auth-mailbox.ts';
import { authUserRoutes } from './auth-users.ts';
import { assistantRoutes, GENERATE_PATH } from './assistant.ts';
import { assistantChatRoutes } from './assistant-chats.ts';
import { functionActivityRoutes } from './functions-activity.ts';
import { diskRoutes } from './disk.ts';
import { backupFileRoutes, backupRoutes, backupV1Routes } from './backups.ts';
import { deleteProjectRoutes } from './delete-project.ts';
import { feedbackRoutes } from './feedback.ts';
import { featureFlagRoutes } from './feature-flags.ts';
import { githubRoutes } from './github.ts';
import { databasePasswordRoutes } from './database-password.ts';
import { vaultRoutes } from './vault.ts';
import { infrastructureRoutes } from './infrastructure.ts';
import { lifecycleRoutes } from './lifecycle.ts';
import { logRoutes } from './logs.ts';
import { organizationRoutes } from './organizations.ts';
import { pauseRoutes } from './pause.ts';
import { pgMetaRoutes } from './pg-meta.ts';
import { projectApiRoutes } from './project-api.ts';
import { typesRoutes } from './types.ts';
import { profileRoutes } from './profile.ts';
import { projectRoutes } from './projects.ts';
import { reportRoutes } from './reports.ts';
import { restHealthRoutes } from './rest-health.ts';
import { sameOriginOnly } from './same-origin.ts';
import { securityHeaders } from './security-headers.ts';
import { supportRoutes } from './support.ts';
import { telemetryRoutes } from './telemetry.ts';
import { upgradeRoutes } from './upgrade.ts';
import { realtimeConfigRoutes } from './realtime.ts';
import { usageRoutes } from './usage.ts';
import { branchRoutes } from './branches.ts';
import { customHostnameRoutes } from './custom-hostname.ts';
import { projectGateway } from './gateway.ts';
import { SessionCache } from './session-cache.ts';
import { AccessTokenVerifier } from '../services/account/access-tokens.ts';
import { snippetRoutes } from './snippets.ts';
import { sqlRoutes } from './sql.ts';
import { tableChangeRoutes } from './table-changes.ts';
import { tableRowsRoutes } from './table-rows.ts';
import { tableImportRoutes, tableTransferRoutes } from './table-transfer.ts';
import { dashboardRoutes } from './static.ts';
import { functionDeployRoutes } from './functions-deploy.ts';
import { functionRoutes } from './functions.ts';
import { storageFileRoutes, storageRoutes } from './storage.ts';

/**
 * The HTTP server's listener: the project gateway answers plain data API reads straight on
 * node:http (its serveRead), everything else goes through the Hono app.
 */
export function createRequestListener(ctx: PlatformContext, auth: Auth): RequestListener {
  const gateway = projectGateway(ctx);
  const viaApp = getRequestListener(createApp(ctx, auth, gateway).fetch);
  return (incoming, outgoing) => {
    gateway.serveRead(incoming, outgoing).then(
      (served) => {
        if (!served) void viaApp(incoming, outgoing);
      },
      (error: unknown) => {
        // Nothing was sent: the app answers it, and says what went wrong, as for any request.
        if (!outgoing.headersSent) void viaApp(incoming, outgoing);
        else ctx.logger.error({ err: error }, 'project gateway read failed');
      },
    );
  };
}

/** The platform API under /api, better-auth under /api/auth, and the dashboard everywhere else. */
export function createApp(ctx: PlatformContext, auth: Auth, gateway = projectGateway(ctx)) {
  const sessions = new SessionCache();
  const accessTokens = new AccessTokenVerifier(ctx.db, ctx.logger);
  const platform = createRouter();
  platform.use('*', requireSession(auth, sessions));
  platform
    .route('/', profileRoutes())
    .route('/', accessTokenRoutes(ctx, accessTokens))
    .route('/', organizationRoutes(ctx.db))
    .route('/', memberRoutes(ctx.db))
    .route('/', invitationRoutes(ctx.db))
    .route('/', projectRoutes(ctx))
    .route('/', deleteProjectRoutes(ctx))
    .route('/', feedbackRoutes(ctx))
    .route('/', supportRoutes(ctx))
    .route('/', backupRoutes(ctx))
    .route('/', pauseRoutes(ctx))
    .route('/', lifecycleRoutes(ctx))
    .route('/', pgMetaRoutes(ctx))
    .route('/', projectApiRoutes(ctx))
    .route('/', sqlRoutes(ctx))
    .route('/', tableRowsRoutes(ctx))
    .route('/', tableChangeRoutes(ctx))
    .route('/', tableTransferRoutes(ctx))
    .route('/', snippetRoutes(ctx))
    .route('/', advisorRoutes(ctx))
    .route('/', apiKeyRoutes(ctx))
    .route('/', signingKeyRoutes(ctx))
    .route('/', diskRoutes(ctx))
    .route('/', addonRoutes(ctx))
    .route('/', githubRoutes(ctx))
    .route('/', vaultRoutes(ctx))
    .route('/', databasePasswordRoutes(ctx))
    .route('/', infrastructureRoutes(ctx))
    .route('/', authUserRoutes(ctx))
    .route('/', authMailboxRoutes(ctx))
    .route('/', functionActivityRoutes(ctx))
    .route('/', storageRoutes(ctx))
    .route('/', realtimeConfigRoutes(ctx))
    .route('/', reportRoutes(ctx))
    .route('/', usageRoutes(ctx))
    .route('/', logRoutes(ctx))
    .route('/', assistantChatRoutes(ctx))
    .route('/', featureFlagRoutes(ctx.db))
    .route('/', telemetryRoutes(ctx.db));
  platform.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Basin platform API', version: '1' },
  });

  // The management API: what the Supabase CLI calls, with a personal access token (or a session).
  const v1 = createRouter();
  v1.use('*', requireSessionOrToken(auth, sessions, accessTokens));
  v1.route('/', upgradeRoutes(ctx));
  v1.route('/', typesRoutes(ctx));
  v1.route('/', advisorV1Routes(ctx));
  v1.route('/', branchRoutes(ctx));
  v1.route('/', backupV1Routes(ctx));
  v1.route('/', customHostnameRoutes(ctx));
  v1.route('/', functionRoutes(ctx));
  v1.route('/', realtimeConfigRoutes(ctx));
  v1.route('/', signingKeyRoutes(ctx));
  v1.route('/', functionDeployRoutes(ctx)); // listed in the document; served by the multipart mount below
  v1.openAPIRegistry.registerComponent('securitySchemes', 'AccessToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal access token (sbp_...) from Account → Access tokens; a dashboard session works too',
  });
  v1.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Basin management API (v1)', version: '1' },
    security: [{ AccessToken: [] }],
  });

  // The AI assistant's calls (spec part 2 §7: /api/ai/sql/generate-v4, check-api-key, feedback/rate).
  // generate-v4 also takes the Authorization header the spec names (a personal access token, as /api/v1 does).
  const ai = createRouter();
  const aiSession = requireSession(auth, sessions);
  const aiSessionOrToken = requireSessionOrToken(auth, sessions, accessTokens);
  ai.use('*', (c, next) => (c.req.path.endsWith(GENERATE_PATH) ? aiSessionOrToken : aiSession)(c, next));
  ai.route('/', assistantRoutes(ctx));
  ai.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'Basin AI assistant API', version: '1' } });

  const app = new Hono<AppEnv>();
  // The project gateway first: a project's host is its API, on every path. Its answers carry their
  // own security headers, and its requests are logged in the project's edge logs.
  app.use('*', gateway.byHost);
  app.route('/api', gateway.byPath); // project keys: no session
  app.use('*', requestLog(ctx.logger));
  app.use('*', securityHeaders);
  // The dashboard's own API: changed only from its pages, JSON in. Not the gateway (project keys,
  // any origin) nor signed backup links.
  const sameOrigin = sameOriginOnly(auth.options.trustedOrigins);
  // The function deploy is multipart (as the Supabase CLI sends it): ahead of the JSON-only guard.
  app.route('/api/v1', functionDeployRoutes(ctx, [sameOrigin, requireSessionOrToken(auth, sessions, accessTokens)]));
  // Storage uploads stream raw bodies (and downloads stream answers): ahead of the JSON body limit and guard.
  app.route('/api/platform', storageFileRoutes(ctx, [sameOrigin, requireSession(auth, sessions)]));
  // So does the table editor's CSV import.
  app.route('/api/platform', tableImportRoutes(ctx, [sameOrigin, requireSession(auth, sessions)]));
  for (const path of ['/api/auth/*', '/api/platform/*', '/api/v1/*', '/api/ai/*']) app.use(path, platformBodyLimit, sameOrigin, guardInput);
  app.post('/api/auth/sign-out', async (c, next) => {
    sessions.forget(c.req.header('cookie'));
    await next();
  });
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => auth.handler(await authRequest(c, ctx.config.trustedProxies)));
  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  app.route('/api/platform', platform);
  app.route('/api/v1', v1);
  app.route('/api/ai', ai);
  app.route('/api', restHealthRoutes(ctx, requireSession(auth, sessions)));
  app.route('/api', backupFileRoutes(ctx, requireSession(auth, sessions))); // signed links, with the member's session
  app.all('/api/*', (c) => c.json({ message: 'No such API route' }, 404));
  app.route('/', dashboardRoutes(ctx.config.webDir));

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status);
    if (error instanceof HTTPException) return c.json({ message: error.message || 'Bad request' }, error.status);
    ctx.logger.error({ err: error, requestId: c.var.requestId }, 'unhandled error');
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}

/**
 * The project gateway: the front door of each project's API. A request is project-facing when
 * its Host is `{ref}.{BASIN_DOMAIN}` (the port is not compared, so a proxy in front may use
 * another), or, for clients that cannot set Host, when its path starts with
 * `/api/projects/{ref}/gateway`. It must present one of the project's keys (`apikey` header or
 * `Authorization: Bearer`), verified with the project's current secret; a bearer token other
 * than that key is a user's access token (rest/request-auth.ts), and the API it reaches gets the
 * request's role and claims. Every such request is written to the edge logs.
 */
import { API_KEYS_MESSAGES, MESSAGES } from '@basin/core';
import { ProjectRef } from '@basin/core/schemas';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { invokeFunction, isFunctionsPath, isOpenFunctionRequest } from '../functions/invoke.ts';
import { relayRefusal } from '../functions/relay-check.ts';
import { functionsRuntime } from '../functions/runtime.ts';
import { authApi } from '../gotrue/app.ts';
import { AuthApiError, errorResponse } from '../gotrue/errors.ts';
import { checkProjectKey, type KeyCheck } from '../services/api/api-keys.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { looksLikeBrowser, recordEdgeRequest, signaturePrefix } from '../services/observability/edge-logs.ts';
import { gatewayRestDescription } from '../services/api/gateway.ts';
import { measureBody } from '../services/observability/response-bytes.ts';
import { parseError, RestError } from '../rest/errors.ts';
import { broadcastApi } from '../realtime/broadcast-api.ts';
import { isKeylessStorageRequest, storageApi } from '../storage/app.ts';
import { invalidRequest, StorageApiError } from '../storage/errors.ts';
import { serveRest } from '../rest/handler.ts';
import { serveGraphql } from '../graphql/handler.ts';
import { errorBody } from '../graphql/errors.ts';
import { type ApiRequestAuth, type RequestAuth, resolveRequestRole } from '../rest/request-auth.ts';
import * as projects from '../store/projects.ts';
import { projectBodyLimits } from './body-limits.ts';
import { HttpError } from '../kernel/errors.ts';
import { type HeaderReader, RecordHeaders } from '../kernel/headers.ts';
import { asResponse } from '../rest/respond.ts';
import type { RestRequest } from '../rest/types.ts';
import {
  cookieMayGo,
  CORS_HEADERS,
  type Door,
  keepCookiesToTheProject,
  projectFacingHeaders,
  USER_CONTENT_WALLS,
  withoutPort,
  withWalls,
} from './gateway-border.ts';

type ApiEnv = { Bindings: { project: projects.ProjectRow; auth: RequestAuth; clientIp: string } };

const isAuthPath = (path: string) => path === '/auth/v1' || path.startsWith('/auth/v1/');

/**
 * What a browser or a verifier reaches with no key, as Supabase's gateway lets it through: the
 * links of auth emails, the OAuth redirect to a provider and the provider's redirect back (a form
 * post from Apple), and the auth API's public keys; and storage's public objects and signed URLs,
 * whose token is the grant.
 */
const KEYLESS_AUTH = new Set([
  'GET /auth/v1/verify',
  'GET /auth/v1/authorize',
  'GET /auth/v1/callback',
  'POST /auth/v1/callback',
  'GET /auth/v1/.well-known/jwks.json',
]);
const keyless = (method: string, path: string) => KEYLESS_AUTH.has(`${method} ${path}`) || isKeylessStorageRequest(method, path);

/** The project a Host header names under the platform's domain, if it names one. */
export function projectRefOfHost(host: string | undefined, domain: string): string | undefined {
  if (!host) return undefined;
  const suffix = `.${withoutPort(domain)}`;
  const hostname = withoutPort(host);
  if (!hostname.endsWith(suffix)) return undefined;
  const ref = hostname.slice(0, -suffix.length);
  return ProjectRef.safeParse(ref).success ? ref : undefined;
}

/** The key in the `apikey` header, or else the bearer token. */
export function presentedKey(headers: HeaderReader): string | undefined {
  const apikey = headers.get('apikey')?.trim();
  if (apikey) return apikey;
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization')?.trim() ?? '');
  return bearer?.[1];
}

const answer = (status: 400 | 401 | 404, message: string) => Response.json({ message }, { status });

const NUL_IN_PATH = 'The request path must not contain NUL characters (%00)';

/**
 * A NUL in the path, percent-encoded as sent or already decoded: no API behind the gateway names
 * anything with one, and Postgres text cannot hold it.
 */
const hasNul = (path: string) => path.includes('\u0000') || /%00/i.test(path);

const isStoragePath = (path: string) => path === '/storage/v1' || path.startsWith('/storage/v1/');
const isRestPath = (path: string) => path === '/rest/v1' || path.startsWith('/rest/v1/');

/**
 * Storage's requests with a JSON body: buckets, and listing, moving, copying, signing and deleting
 * objects. Its other bodies are files, streamed on unread and held to their bucket's limit.
 */
const isStorageOperation = (method: string, path: string) =>
  /^\/storage\/v1\/bucket(\/|$)/.test(path) ||
  (method === 'POST' && /^\/storage\/v1\/object\/(list|move|copy|sign)(\/|$)/.test(path)) ||
  (method === 'DELETE' && /^\/storage\/v1\/object\/[^/]+\/?$/.test(path));

/** The data API reads forms and CSV as such; its other bodies as JSON. */
const isFormOrCsv = (contentType: string | undefined) => /^\s*(application\/x-www-form-urlencoded|text\/csv)\b/i.test(contentType ?? '');

/** The path of a URL as it was sent, still percent-encoded (Hono's `c.req.path` is decoded). */
const pathAsSent = (url: string) => new URL(url).pathname;

/** A path the gateway refuses (400), in the words of the API it was meant for, as refuseToken answers. */
function refusePath(request: Request, path: string, message: string): Response {
  if (isStoragePath(path)) return invalidRequest(message).response();
  if (isAuthPath(path)) return errorResponse(new AuthApiError(400, 'validation_failed', message), request);
  if (isRestPath(path)) return Response.json(parseError(message).body(), { status: 400 });
  return answer(400, message);
}

/**
 * The answer to a token the project refuses, in the words of the API it was meant for (storage-js
 * reads Storage's error body, the others PostgREST's), with the reason in WWW-Authenticate.
 */
const refuseToken = (error: RestError, path: string) =>
  Response.json(
    isStoragePath(path) ? new StorageApiError(error.status, 'InvalidJWT', 'Unauthorized', error.message).body() : error.body(),
    {
      status: error.status,
      headers: { 'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(error.message)}` },
    },
  );

/** A refused token as its RestError; anything else is a failure of ours. */
const asRestError = (error: unknown): RestError => {
  if (error instanceof RestError) return error;
  throw error;
};

/**
 * A request by path, with the project API's own URL. Method, headers and body only: copying the
 * whole request would make node-server build the incoming one in full first (signal, body).
 */
function forwarded(request: Request, url: URL, headers: Headers): Request {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
  return new Request(url, { method: request.method, headers, body });
}

/** The key a request presents, the project's verdict on it, and who that makes the request. */
interface Admission {
  key?: string;
  check?: KeyCheck;
  /** Only with an accepted key; a RestError for a bearer token the project refuses. */
  auth?: ApiRequestAuth | RestError;
}

async function admit(ctx: PlatformContext, project: projects.ProjectRow, headers: HeaderReader, path: string): Promise<Admission> {
  const key = presentedKey(headers);
  const check = key ? await checkProjectKey(ctx, project.ref, key) : undefined;
  const accepted = key && check?.role && !check.rotatedOut ? { key, claims: check.claims } : undefined;
  // The auth API reads its bearer token itself (a user's expired token may still sign out).
  const auth =
    accepted &&
    (isAuthPath(path)
      ? { role: accepted.claims.role, claims: accepted.claims }
      : await resolveRequestRole(ctx, project, headers, accepted).catch(asRestError));
  return { key, check, auth };
}

/** An answered request, as the edge logs keep it. */
interface Exchange {
  at: Date;
  started: number;
  ref: string;
  method: string;
  path: string;
  headers: HeaderReader;
  admission: Admission;
  status: number;
}

function logExchange(ctx: PlatformContext, { at, started, ref, method, path, headers, admission, status }: Exchange) {
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  const { key, check, auth } = admission;
  return (responseBytes: number) =>
    recordEdgeRequest(ctx, {
      at,
      durationMs,
      ref,
      method,
      path,
      status,
      keyRole: check?.role ?? null,
      role: auth && !(auth instanceof RestError) ? auth.role : null,
      keySignaturePrefix: key ? signaturePrefix(key) : null,
      fromBrowser: looksLikeBrowser(headers),
      rotatedOutKey: check?.rotatedOut ?? false,
      responseBytes,
    });
}

/** The gateway's path form, as sent: `/api/projects/{ref}/gateway` and the path of the project's API. */
const GATEWAY_PATH = /^\/api\/projects\/([^/]+)\/gateway(\/.*)?$/;

/** A read of a table or function under /rest/v1 whose path needs no decoding or resolving (no escapes, dot segments or backslashes). */
const PLAIN_REST_READ = /^\/rest\/v1\/(?:rpc\/)?(?!\.\.?\/?$)[^/%\\]+\/?$/;

/** What the project's API serves once the key is accepted; paths relative to its root. */
function projectApi(ctx: PlatformContext) {
  const api = new Hono<ApiEnv>({ strict: false });
  // Bodies an API parses are limited in size and depth first, each refusal in that API's words.
  const restLimits = projectBodyLimits(
    (c, status, message) => c.json(new RestError(status, 'PGRST102', message).body(), status),
    (c) => !isFormOrCsv(c.req.header('content-type')),
  );
  const authLimits = projectBodyLimits((c, status, message) => errorResponse(new AuthApiError(status, 'bad_json', message), c.req.raw));
  const storageLimits = projectBodyLimits((c, status, message) =>
    (status === 413 ? new StorageApiError(413, 'EntityTooLarge', 'Payload too large', message) : invalidRequest(message)).response(),
  );
  const graphqlLimits = projectBodyLimits((c, status, message) => c.json(errorBody([message]), status));
  api.use('/auth/v1/*', authLimits);
  api.use('/storage/v1/*', (c, next) => (isStorageOperation(c.req.method, c.req.path) ? storageLimits(c, next) : next()));
  api.get('/rest/v1', async (c) => c.json(await gatewayRestDescription(ctx, c.env.project)));
  api.route('/auth/v1', authApi(ctx));
  api.route('/storage/v1', storageApi(ctx));
  api.route('/realtime/v1', broadcastApi(ctx));
  // A function gets its path as sent, as Supabase's relay passes it on; one whose prefix only
  // decodes to /functions/v1 (so was not checked as a function's) names no route.
  api.all('/functions/v1/*', (c) => {
    const path = pathAsSent(c.req.url);
    return isFunctionsPath(path) ? invokeFunction(ctx, c.env.project, c.req.raw, path, c.env.clientIp) : c.notFound();
  });
  api.all('/rest/v1/*', restLimits, async (c) =>
    asResponse(await serveRest(ctx, c.env.project, c.env.auth, c.req.raw, c.req.path.slice('/rest/v1'.length))),
  );
  api.all('/graphql/v1', graphqlLimits, (c) => serveGraphql(ctx, c.env.project, c.env.auth, c.req.raw));
  api.notFound((c) => c.json({ message: 'No such route on the project API' }, 404));
  api.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status);
    ctx.logger.error({ err: error, ref: c.env.project.ref }, 'project gateway error');
    return c.json({ message: 'Internal server error' }, 500);
  });
  return api;
}

export function projectGateway(ctx: PlatformContext) {
  const api = projectApi(ctx);

  /** Checks the key, serves `path` of the project's API and logs the request. */
  async function serve(request: Request, ref: string, path: string, clientIp: string, door: Door): Promise<Response> {
    // Before anything looks the path up (functions by name, the log), as an unknown project is refused.
    if (hasNul(path)) return withWalls(refusePath(request, path, NUL_IN_PATH));
    const toFunction = isFunctionsPath(path);
    // Functions answer their own preflights (CORS is theirs to decide).
    if (request.method === 'OPTIONS' && !toFunction) return withWalls(new Response(null, { status: 204, headers: CORS_HEADERS }));
    const at = new Date();
    const started = performance.now();
    const project = await projects.findSnapshot(ctx.db, ref);
    if (!project) return withWalls(answer(404, MESSAGES.notFound('Project')));
    // A function deployed with verify_jwt off is served whatever key (or none) comes with the request.
    const open = toFunction && (await isOpenFunctionRequest(ctx, ref, request.method, path));
    const admission = await admit(ctx, project, request.headers, path);
    const { key, auth } = admission;
    const url = new URL(request.url);
    // By Host, the path of the project's API is the request's own.
    const headers = projectFacingHeaders(request.headers, door);
    const asSent = url.pathname === path && headers === request.headers;
    url.pathname = path;
    const sent = () => (asSent ? request : forwarded(request, url, headers));
    // Other functions are guarded as Supabase's relay guards them (any JWT of the project's secret).
    const relayed = toFunction && !open;
    const relayRefused = relayed ? await relayRefusal(ctx, ref, request.headers) : undefined;
    const anon = { role: 'anon', claims: {} };
    const response =
      open || (relayed && !relayRefused)
        ? await api.fetch(sent(), { project, auth: auth && !(auth instanceof RestError) ? auth : anon, clientIp })
        : relayRefused
          ? relayRefused
          : !key
            ? keyless(request.method, path)
              ? await api.fetch(sent(), { project, auth: anon, clientIp })
              : answer(401, API_KEYS_MESSAGES.gatewayMissingKey)
            : !auth
              ? answer(401, API_KEYS_MESSAGES.gatewayInvalidKey)
              : auth instanceof RestError
                ? refuseToken(auth, path)
                : await api.fetch(sent(), { project, auth, clientIp });
    keepCookiesToTheProject(response, door, withoutPort(url.host));
    const fromFunction = open || (relayed && !relayRefused);
    if (!fromFunction) for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
    withWalls(response);
    const log = logExchange(ctx, {
      at,
      started,
      ref,
      method: request.method,
      path,
      headers: request.headers,
      admission,
      status: response.status,
    });
    // Logged once the body's size is known: at once, or when a streamed body has gone out.
    return measureBody(response, request.method, log);
  }

  /**
   * A data API read answered straight on node:http, without the web Request and Response or
   * Hono's dispatch that serve() goes through. Only the plain case: GET or HEAD of a table or
   * function (PLAIN_REST_READ), no cookie, no header named twice, a project that exists and a key
   * and token it accepts. Anything else answers false with nothing sent, for serve() to answer.
   */
  async function serveRead(incoming: IncomingMessage, outgoing: ServerResponse): Promise<boolean> {
    const { method = '', url = '', headers: record } = incoming;
    if ((method !== 'GET' && method !== 'HEAD') || !record.host || record.cookie !== undefined) return false;
    // node:http keeps only the first of some repeated headers; serve() reads them all.
    if (incoming.rawHeaders.length !== 2 * Object.keys(record).length) return false;
    const queryAt = url.indexOf('?');
    const target = readTarget(record.host, queryAt === -1 ? url : url.slice(0, queryAt));
    if (!target) return false;
    const { ref, path, door } = target;
    const at = new Date();
    const started = performance.now();
    const project = await projects.findSnapshot(ctx.db, ref);
    if (!project) return false;
    const headers = new RecordHeaders(record);
    const admission = await admit(ctx, project, headers, path);
    const { auth } = admission;
    if (!auth || auth instanceof RestError) return false;
    const request: RestRequest = {
      method,
      url: `http://${record.host}${path}${queryAt === -1 ? '' : url.slice(queryAt)}`,
      headers,
      text: async () => '',
      arrayBuffer: async () => new ArrayBuffer(0),
    };
    const answered = await serveRest(ctx, project, auth, request, path.slice('/rest/v1'.length));
    const log = logExchange(ctx, { at, started, ref, method, path, headers, admission, status: answered.status });
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(answered.headers)) {
      const lower = name.toLowerCase();
      if (lower !== 'set-cookie' || cookieMayGo(value, door, withoutPort(record.host))) sent[lower] = value;
    }
    outgoing.writeHead(answered.status, Object.assign(sent, CORS_HEADERS, USER_CONTENT_WALLS));
    outgoing.end(method === 'HEAD' ? undefined : (answered.body ?? undefined));
    log(method === 'HEAD' || answered.body === null ? 0 : Buffer.byteLength(answered.body));
    return true;
  }

  /** The project and the path of its API a plain data API read names, by Host or by the gateway's path prefix. */
  function readTarget(host: string, sentPath: string): { ref: string; path: string; door: Door } | undefined {
    const byHost = projectRefOfHost(host, ctx.config.domain);
    if (byHost) return PLAIN_REST_READ.test(sentPath) ? { ref: byHost, path: sentPath, door: 'project-host' } : undefined;
    const [, ref, path] = GATEWAY_PATH.exec(sentPath) ?? [];
    return ref && path && PLAIN_REST_READ.test(path) ? { ref, path, door: 'dashboard-origin' } : undefined;
  }

  // A function's calls to its own project's API come in through its worker's socket (functions/runtime.ts).
  functionsRuntime(ctx).setGateway((request, ref) => serve(request, ref, new URL(request.url).pathname, '127.0.0.1', 'project-host'));

  const clientAddress = (c: Context) =>
    ctx.config.trustedProxies.clientAddress(getConnInfo(c).remote.address ?? 'unknown', c.req.header('x-forwarded-for'));

  return {
    serveRead,
    /** Every request whose Host names a project, whatever its path: mount before everything else. */
    byHost: (async (c, next) => {
      const ref = projectRefOfHost(c.req.header('host'), ctx.config.domain);
      return ref ? serve(c.req.raw, ref, pathAsSent(c.req.url), clientAddress(c), 'project-host') : next();
    }) satisfies MiddlewareHandler,
    /** `/projects/{ref}/gateway/...` for clients that cannot set Host: mount under /api, before its catch-all. */
    byPath: new Hono().all('/projects/:ref/gateway/*', (c) => {
      const [, ref = '', path = '/'] = GATEWAY_PATH.exec(pathAsSent(c.req.url)) ?? [];
      return serve(c.req.raw, ref, path, clientAddress(c), 'dashboard-origin');
    }),
  };
}

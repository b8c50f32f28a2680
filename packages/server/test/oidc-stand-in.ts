/**
 * A real OpenID Connect authorization server for the auth tests (oidc-provider, on 127.0.0.1):
 * discovery, authorization, token, userinfo and JWKS endpoints as Keycloak, Okta or Auth0 serve
 * them. Its login is Basin's own minimal interaction (no dev pages): signIn() drives it with
 * fetch and a cookie jar as a browser would, and answers where the provider sends the user back.
 * Consent is taken as given for the registered client, as for a first-party app. It also plays
 * GitHub (Enterprise) for GoTrue's plain OAuth 2.0 flow: its authorization and token endpoints sit
 * at GitHub's paths, and `/api/v3/user` and `/user/emails` answer for an access token it issued.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, type JWK, SignJWT } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface StandInAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface StandInClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcStandIn {
  issuer: string;
  /** The accounts it signs in, by login name; add more as a test needs them. */
  accounts: Map<string, StandInAccount>;
  /** Follows an authorization URL as a browser would, signing in as `login`: the URL the provider redirects back to. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** The same with `response_mode=form_post` (as Apple answers): where the provider's page posts back, and what. */
  postBack(authorizationUrl: string, login: string): Promise<{ action: string; fields: URLSearchParams }>;
  /** An ID token for the account as the provider signs them (`key: 'forged'` signs with a key it never published; `iss` and `exp` in `claims` replace the provider's). */
  idToken(login: string, claims: Record<string, unknown>, key?: 'own' | 'forged'): Promise<string>;
  close(): Promise<void>;
}

const rsaKey = (kid: string): JWK => ({
  ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as JWK),
  kid,
  alg: 'RS256',
  use: 'sig',
});

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** A cookie jar for one browser: the provider's session and interaction cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
}

export async function startOidcStandIn(client: StandInClient): Promise<OidcStandIn> {
  const accounts = new Map<string, StandInAccount>();
  const published = rsaKey(randomUUID());
  const forged = rsaKey(published.kid!); // the same key id, another key: a forgery
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const configuration: Configuration = {
    clients: [
      { ...client, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' },
    ],
    jwks: { keys: [published] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    scopes: ['openid', 'email', 'profile', 'user:email'],
    routes: { authorization: '/login/oauth/authorize', token: '/login/oauth/access_token' },
    pkce: { required: () => false },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = [...accounts.values()].find((candidate) => candidate.sub === sub);
      return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
    },
    // A first-party client: what it asks for is granted without a consent step.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile user:email');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.use(async (ctx, next) => {
    const github = /^\/api\/v3\/user(\/emails)?$/.exec(ctx.path);
    if (github) {
      const token = await provider.AccessToken.find(/^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1] ?? '');
      const [login, account] = [...accounts].find(([, candidate]) => candidate.sub === token?.accountId) ?? [];
      if (!account) {
        ctx.status = 401;
        ctx.body = { message: 'Bad credentials' };
        return;
      }
      ctx.body = github[1]
        ? [{ email: account.email, primary: true, verified: account.email_verified ?? false }]
        : { id: [...accounts.keys()].indexOf(login!) + 1000, login, name: account.name ?? null, avatar_url: account.picture ?? '' };
      return;
    }
    const match = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    if (!match) return next();
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = `<form method="post"><input name="login" aria-label="Login"><button>Sign in</button></form>`;
      return;
    }
    const login = (await formBody(ctx.req)).get('login') ?? '';
    const account = accounts.get(login);
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      account ? { login: { accountId: account.sub } } : { error: 'access_denied', error_description: 'Unknown user' },
      { mergeWithLastSubmission: false },
    );
    ctx.respond = false; // interactionFinished answered the redirect itself
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));

  /** A browser's way through the provider: its login, to the first answer that leaves the provider (or stays on a page). */
  async function browse(authorizationUrl: string, login: string): Promise<{ location?: URL; response: Response }> {
    const jar = cookieJar();
    let url = authorizationUrl;
    for (let hops = 0; hops < 6; hops++) {
      const atLogin = /\/interaction\//.test(url);
      const response = await fetch(url, {
        redirect: 'manual',
        method: atLogin ? 'POST' : 'GET',
        headers: { cookie: jar.header(), ...(atLogin ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: atLogin ? new URLSearchParams({ login }).toString() : undefined,
      });
      jar.take(response);
      const location = response.headers.get('location');
      if (!location) return { response };
      url = new URL(location, url).href;
      if (!url.startsWith(issuer)) return { location: new URL(url), response };
    }
    throw new Error(`${issuer} kept redirecting`);
  }

  return {
    issuer,
    accounts,
    async signIn(authorizationUrl, login) {
      const { location, response } = await browse(authorizationUrl, login);
      if (!location) throw new Error(`${issuer} answered ${response.status} without a redirect: ${await response.text()}`);
      return location;
    },
    async postBack(authorizationUrl, login) {
      const { response } = await browse(authorizationUrl, login);
      // oidc-provider's form_post page: a form that posts the answer back, its fields hidden inputs.
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`${issuer} answered no form to post back: ${page}`);
      const fields = new URLSearchParams(
        [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]),
      );
      return { action: action.replaceAll('&amp;', '&'), fields };
    },
    async idToken(login, claims, key = 'own') {
      const account = accounts.get(login)!;
      const signing = key === 'own' ? published : forged;
      return new SignJWT({ ...account, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: signing.kid! })
        .setIssuer(typeof claims.iss === 'string' ? claims.iss : issuer)
        .setSubject(account.sub)
        .setIssuedAt()
        .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : '10m')
        .sign(await importJWK(signing, 'RS256'));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nobody listens on: the issuer URL must be known before the provider is made. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

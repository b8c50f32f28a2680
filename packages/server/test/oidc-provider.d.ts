/** The part of oidc-provider 9 (which ships no types) that oidc-stand-in.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface ProviderContext {
    path: string;
    method: string;
    req: IncomingMessage;
    res: ServerResponse;
    type: string;
    body: unknown;
    respond: boolean;
    status: number;
    get(header: string): string;
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }

  export interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: object[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    scopes: string[];
    routes: Record<string, string>;
    pkce: { required: () => boolean };
    features: Record<string, { enabled: boolean }>;
    interactions: { url: (ctx: ProviderContext, interaction: { uid: string }) => string };
    findAccount: (ctx: ProviderContext, sub: string) => { accountId: string; claims: () => Record<string, unknown> } | undefined;
    loadExistingGrant: (ctx: ProviderContext) => Promise<Grant>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (init: { clientId: string; accountId: string }) => Grant;
    AccessToken: { find(token: string): Promise<{ accountId: string } | undefined> };
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void> | void): void;
    listen(port: number, host: string): Server;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}

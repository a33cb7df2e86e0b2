/** The little of oidc-provider 8 the OAuth tests use (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ClientLike {
    grantTypeAllowed(type: string): boolean;
  }
  interface Context {
    oidc: { params?: Record<string, unknown> };
  }
  interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
  }
  interface Configuration {
    clients?: Record<string, unknown>[];
    features?: {
      devInteractions?: { enabled: boolean };
      registration?: { enabled: boolean };
      revocation?: { enabled: boolean };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: Context, client: ClientLike, oneOf?: string[]) => Promise<string | string[] | undefined>;
        useGrantedResource?: (ctx: Context, model: unknown) => Promise<boolean>;
        getResourceServerInfo?: (ctx: Context, resourceIndicator: string, client: ClientLike) => Promise<ResourceServerInfo>;
      };
    };
    issueRefreshToken?: (ctx: Context, client: ClientLike, code: unknown) => Promise<boolean>;
    rotateRefreshToken?: boolean;
    cookies?: { keys: string[] };
    findAccount?: (ctx: Context, sub: string) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> }>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (ctx: Context) => void): this;
  }
}

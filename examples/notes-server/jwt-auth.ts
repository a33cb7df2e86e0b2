/**
 * `--auth-issuer URL`: bearer tokens are JWT access tokens (RFC 9068) of a real authorization
 * server, verified with jose against the issuer's JWKS (found through its metadata): signature,
 * `iss`, `exp`, `typ: at+jwt`, and `aud` equal to this endpoint (RFC 8707: a token issued for
 * another resource is refused). Scopes come from the `scope` claim, with the same hierarchy and
 * step-up challenges as the HMAC tokens of auth.ts, which stay the default.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { bearerAuth, bearerTokenOf, grantOf, judgeToken, type HttpAuth, type Verified } from './auth.js';

type KeySet = ReturnType<typeof createRemoteJWKSet>;

async function findJwksUri(issuer: string): Promise<string> {
  const base = issuer.replace(/\/$/, '');
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
    const response = await fetch(base + path, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    if (!response?.ok) continue;
    const document = (await response.json().catch(() => undefined)) as { issuer?: string; jwks_uri?: string } | undefined;
    if (document?.issuer === issuer && typeof document.jwks_uri === 'string') return document.jwks_uri;
  }
  throw new Error(`no metadata with a jwks_uri for ${issuer}`);
}

export function jwtVerifier(issuer: string): (token: string, audience: string) => Promise<Verified> {
  let keys: Promise<KeySet> | undefined;
  return async (token, audience) => {
    try {
      keys ??= findJwksUri(issuer).then((uri) => createRemoteJWKSet(new URL(uri)));
      const { payload } = await jwtVerify(token, await keys, { issuer, audience, typ: 'at+jwt' });
      if (typeof payload.sub !== 'string') return { ok: false, reason: 'The access token is malformed' };
      return { ok: true, grant: grantOf(payload.sub, typeof payload.scope === 'string' ? payload.scope : '') };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'The access token expired' };
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud')
        return { ok: false, reason: 'The access token was issued for another resource' };
      if (!(error instanceof errors.JOSEError)) keys = undefined; // the issuer was unreachable: look again next time
      return { ok: false, reason: 'The access token failed verification' };
    }
  };
}

/** The notes server's bearer auth, with tokens of `issuer` instead of HMAC ones. */
export function jwtAuth(issuer: string): HttpAuth {
  const verify = jwtVerifier(issuer);
  return {
    ...bearerAuth({ issuer }),
    async authenticate(req, res, endpoint) {
      const token = bearerTokenOf(req);
      return judgeToken(res, endpoint, token === undefined ? undefined : await verify(token, endpoint));
    },
  };
}

/**
 * The auth suite's extra bearer tokens (`check --token-*`). They are credentials: refused when they
 * could not be sent as a header, never echoed, and remembered as secrets so every output masks them.
 */
import type { AuthTokens } from '../check/types.js';
import { MIN_SECRET_LENGTH, rememberSecrets } from '../wire/secret-values.js';
import type { Target } from '../wire/target.js';
import { usageError } from './cli-error.js';

export interface TokenFlags {
  tokenOtherAudience?: string;
  tokenExpired?: string;
  tokenLowScope?: string;
  tokenStepUp?: string;
  tokenBroadScope?: string;
  tokenOtherUser?: string;
}

const FLAGS: [keyof TokenFlags, keyof AuthTokens, string][] = [
  ['tokenOtherAudience', 'otherAudience', '--token-other-audience'],
  ['tokenExpired', 'expired', '--token-expired'],
  ['tokenLowScope', 'lowScope', '--token-low-scope'],
  ['tokenStepUp', 'stepUp', '--token-step-up'],
  ['tokenBroadScope', 'broadScope', '--token-broad-scope'],
  ['tokenOtherUser', 'otherUser', '--token-other-user'],
];

/** The values given, for masking an error message before the target is even resolved. */
export function tokenFlagValues(flags: TokenFlags): string[] {
  return FLAGS.map(([flag]) => flags[flag]).filter((value): value is string => typeof value === 'string' && value.length > 0);
}

export function authTokens(flags: TokenFlags, target: Target): AuthTokens {
  const tokens: AuthTokens = {};
  for (const [flag, key, name] of FLAGS) {
    const value = flags[flag]?.trim();
    if (value === undefined) continue;
    if (target.transport !== 'http') throw usageError(`${name} applies to --url servers (the auth suite tests Streamable HTTP), not to stdio`);
    // Token characters of RFC 6750 (b64token); anything else could not be sent as `Bearer <token>`.
    if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(value))
      throw usageError(`${name} takes a bearer token (letters, digits and -._~+/ then any =); the value given is not echoed`);
    if (value.length < MIN_SECRET_LENGTH) throw usageError(`${name}: a token this short cannot be masked in the reports; give the real token`);
    tokens[key] = value;
    rememberSecrets([{ kind: 'token', name, value }]);
  }
  return tokens;
}

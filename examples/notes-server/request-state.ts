/**
 * MRTR requestState: an HMAC-SHA256-sealed claim {tool, argsDigest, exp, nonce, sub}. The client must
 * treat it as opaque; the server treats it as attacker-controlled (DIGEST §7) and verifies it on
 * every retry. Single use is enforced separately, by spending the nonce in the store.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './protocol.js';

export const DEV_STATE_SECRET = 'notes-server-development-secret';

export interface StateClaim {
  tool: string;
  argsDigest: string;
  /** Expiry, ms since epoch. */
  exp: number;
  nonce: string;
  /** The authenticated caller it was issued to (bearer auth only), so another identity cannot use it. */
  sub?: string;
}

export function digestArgs(args: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(args ?? {}))
    .digest('base64url');
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function sealState(secret: string, tool: string, args: unknown, ttlMs: number, principal?: string): string {
  const claim: StateClaim = { tool, argsDigest: digestArgs(args), exp: Date.now() + ttlMs, nonce: randomBytes(16).toString('base64url') };
  if (principal !== undefined) claim.sub = principal;
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

export type OpenResult = { ok: true; claim: StateClaim } | { ok: false; reason: string };

/** Verifies integrity, expiry and binding to this tool, these arguments and this caller. */
export function openState(secret: string, state: unknown, tool: string, args: unknown, principal?: string): OpenResult {
  if (typeof state !== 'string') return { ok: false, reason: 'requestState must be a string' };
  const [payload, signature, extra] = state.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'requestState is malformed' };
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'requestState failed verification' };
  let claim: StateClaim;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StateClaim;
  } catch {
    return { ok: false, reason: 'requestState is malformed' };
  }
  if (typeof claim.exp !== 'number' || claim.exp < Date.now()) return { ok: false, reason: 'requestState has expired' };
  if (claim.tool !== tool || claim.argsDigest !== digestArgs(args)) return { ok: false, reason: 'requestState belongs to another request' };
  if (typeof claim.nonce !== 'string') return { ok: false, reason: 'requestState is malformed' };
  if (claim.sub !== principal) return { ok: false, reason: 'requestState was issued to another caller' };
  return { ok: true, claim };
}

/**
 * --canary: random secret values planted where a server keeps secrets (its environment over
 * stdio, the caller's headers over HTTP), so the security suite can tell whether any comes back.
 *
 * Names: every variable starts with MCPVET_CANARY_ and ends like a real credential (_API_KEY,
 * _DATABASE_URL, _GITHUB_TOKEN), so a server that dumps its environment or forwards "*_TOKEN"
 * variables echoes them, while no real server reads them: a canary can neither replace a value the
 * server needs (a variable already set, in mcpvet's environment or by -e, is never touched) nor
 * make it call an upstream service with a made-up key. The headers follow the same rule
 * (X-Mcpvet-Canary-Api-Key, a cookie named mcpvet_canary_session, sent only when the user gave no
 * Cookie header). Values are random per run and remembered as secrets: every report masks them.
 */
import { randomBytes } from 'node:crypto';
import { rememberSecrets } from '../../../wire/secret-values.js';
import type { Target } from '../../../wire/target.js';
import type { PlantedCanary } from '../../types.js';

const random = (bytes: number): string => randomBytes(bytes).toString('hex');

/** Alphanumeric, so every form a server may echo (JSON-escaped, URL-encoded) is the value itself. */
function githubLikeToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `ghp_${[...randomBytes(36)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** The canaries of one run: each planted value, and the random part of it a search looks for. */
function envCanaries(): { name: string; value: string; secret: string }[] {
  const password = `cnry${random(12)}`;
  const apiKey = `mcpvet-canary-${random(16)}`;
  const token = githubLikeToken();
  return [
    { name: 'MCPVET_CANARY_API_KEY', value: apiKey, secret: apiKey },
    // Port 9 (discard) on loopback: a server that did connect would reach nothing.
    { name: 'MCPVET_CANARY_DATABASE_URL', value: `postgres://mcpvet:${password}@127.0.0.1:9/mcpvet_canary`, secret: password },
    { name: 'MCPVET_CANARY_GITHUB_TOKEN', value: token, secret: token },
  ];
}

/** The target with canaries added (never replacing a value), and what was planted. */
export function plantCanaries(target: Target): { target: Target; canaries: PlantedCanary[] } {
  const canaries: PlantedCanary[] = [];
  if (target.transport === 'stdio') {
    const env = { ...(target.env ?? {}) };
    for (const { name, value, secret } of envCanaries()) {
      if (name in env || process.env[name] !== undefined) continue;
      env[name] = value;
      canaries.push({ where: 'env', name, value: secret });
    }
    remember(canaries, 'env');
    return { target: { ...target, env }, canaries };
  }
  const headers = { ...(target.headers ?? {}) };
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const apiKey = `mcpvet-canary-${random(16)}`;
  if (!given.has('x-mcpvet-canary-api-key')) {
    headers['X-Mcpvet-Canary-Api-Key'] = apiKey;
    canaries.push({ where: 'header', name: 'x-mcpvet-canary-api-key', value: apiKey });
  }
  if (!given.has('cookie')) {
    const session = `cnry${random(16)}`;
    headers.Cookie = `mcpvet_canary_session=${session}`;
    canaries.push({ where: 'header', name: 'cookie', value: session });
  }
  remember(canaries, 'header');
  return { target: { ...target, headers }, canaries };
}

function remember(canaries: PlantedCanary[], kind: 'env' | 'header'): void {
  rememberSecrets(canaries.map((canary) => ({ kind, name: canary.name, value: canary.value })));
}

/** `env MCPVET_CANARY_API_KEY`: how a finding names a canary (never by its value). */
export const canaryName = (canary: PlantedCanary): string => `${canary.where === 'env' ? 'env' : 'header'} ${canary.name}`;

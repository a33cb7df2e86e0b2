/**
 * Credentials in text a server sent: provider key shapes, private keys, JWTs, connection strings
 * with a password, and the canary values mcpvet planted. Used by the security suite and by fuzz;
 * a match is reported by kind and place, never with the secret itself.
 */
import { TOKEN_SHAPES } from '../wire/secret-shapes.js';

export interface SecretMatch {
  /** `canary` for a planted value, else the shape's name (`jwt`, `github-token`, `connection-string`). */
  kind: string;
  /** Offsets into the text scanned. */
  start: number;
  end: number;
}

/** A URL whose user-info carries a password (postgres://user:pass@host, redis://:pass@host). */
const CONNECTION_STRING = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@'"]*:[^\s/@'"]{3,}@[^\s/'"]+/gi;

const SHAPES: readonly { name: string; pattern: RegExp }[] = [...TOKEN_SHAPES, { name: 'connection-string', pattern: CONNECTION_STRING }];

/** Every secret-shaped span of `text`, and every occurrence of a planted canary value. */
export function findSecrets(text: string, canaries: readonly string[] = []): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const canary of canaries) {
    if (canary.length === 0) continue;
    for (let at = text.indexOf(canary); at !== -1; at = text.indexOf(canary, at + canary.length))
      found.push({ kind: 'canary', start: at, end: at + canary.length });
  }
  for (const { name, pattern } of SHAPES) {
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
      const start = match.index ?? 0;
      if (!found.some((f) => f.start <= start && start < f.end)) found.push({ kind: name, start, end: start + match[0].length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A match shown without its value: the kind, where, and a masked stub (`ghp_…(40 chars)`). */
export function describeSecret(text: string, match: SecretMatch): string {
  const value = text.slice(match.start, match.end);
  return `${match.kind} at ${match.start} (${value.slice(0, 4)}…, ${value.length} chars)`;
}

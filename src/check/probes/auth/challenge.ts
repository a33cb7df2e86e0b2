/**
 * The Bearer challenge of a WWW-Authenticate header (RFC 9110 §11.6.1, RFC 6750 §3): its
 * auth-params (`resource_metadata`, `scope`, `error`...), quoted or not. A header may hold several
 * challenges (`Basic realm="x", Bearer scope="y"`); only Bearer's are kept.
 */
export interface BearerChallenge {
  params: Record<string, string>;
}

/** `name=value` or `name="quoted \" value"`, or a bare token that starts the next challenge. */
const PART = /\s*,?\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*)))?/gy;

export function bearerChallenge(header: string | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  let current: Record<string, string> | undefined;
  let bearer: Record<string, string> | undefined;
  PART.lastIndex = 0;
  for (let match = PART.exec(header); match && match[0] !== ''; match = PART.exec(header)) {
    const [, name, quoted, bare] = match;
    if (quoted === undefined && bare === undefined) {
      // A scheme: a new challenge begins.
      current = name!.toLowerCase() === 'bearer' && !bearer ? (bearer = {}) : undefined;
      continue;
    }
    if (current) current[name!.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare!;
  }
  return bearer ? { params: bearer } : undefined;
}

/** The space-separated scopes of a `scope` param. */
export const scopesOf = (value: string | undefined): string[] => (value ?? '').split(' ').filter(Boolean);

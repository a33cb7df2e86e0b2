/**
 * Credentials in text a server sent: provider key shapes, private keys, JWTs, connection strings
 * with a password, `NAME=value` assignments of credential-named variables with a generated-looking
 * value, values of credential-named JSON fields, and the canary values mcpvet planted. Used by the
 * security suite and by fuzz; a match is reported by kind and place, never with the secret itself.
 *
 * Precision first: a value that is random but public (UUIDs, hex digests, cursors, requestState,
 * base64 media) is never reported; generic high-entropy strings only count where a name says
 * they are a credential (a `password` field, an `API_KEY=` assignment).
 */
import { pointer as pointerTo } from '../wire/json-pointer.js';
import { SECRET_FIELD, TOKEN_SHAPES } from '../wire/secret-shapes.js';
import { entropyPerChar, isPlaceholder, looksLikeGeneratedSecret } from './entropy.js';

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

/** `GITHUB_TOKEN=…`, `"db_password": "…"` in an env dump or a config echoed back (name: group 1, value: group 2). */
const CREDENTIAL_ASSIGNMENT =
  /\b([A-Za-z0-9_]*(?:SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH_?TOKEN|ACCESS_?TOKEN|_TOKEN)[A-Za-z0-9_]*)["']?\s*[=:]\s*["']?([^\s"',;]{12,})/gi;
/** Names of that shape that hold protocol state, not a credential (`progress_token`, `next_page_token`). */
const NOT_CREDENTIAL_NAME = /progress|next|page|continuation|cursor|resume|sync|count|max|limit/i;

/** Documentation values of a key's shape: `sk-xxxxxxxxxxxxxxxxxxxx`, `AKIAIOSFODNN7EXAMPLE`, `postgres://user:password@…`. */
const EXAMPLE_VALUE = /example|sample|dummy|placeholder|your[-_]?|xxxx|\*{3}|<[^>]*>|\$\{/i;
const PLACEHOLDER_PASSWORDS = new Set(['password', 'passwd', 'pass', 'pwd', 'secret', 'changeme', 'example', 'test', 'admin', 'root', 'user', 'xxx']);

function isExample(kind: string, value: string): boolean {
  if (kind === 'private-key') return /\.\.\.|…|<[^>]*>/.test(value);
  if (EXAMPLE_VALUE.test(value)) return true;
  if (kind === 'connection-string') {
    const password = /:\/\/[^:/@]*:([^@]*)@/.exec(value)?.[1] ?? '';
    return PLACEHOLDER_PASSWORDS.has(password.toLowerCase()) || isPlaceholder(password);
  }
  // A real key is random: `sk-aaaaaaaaaaaaaaaaaaaa` is not one.
  return entropyPerChar(value) < 2.5;
}

/** Kinds whose first characters are a public prefix (`ghp_`, `eyJ`, `AKIA`): a stub of them names the provider. */
const PUBLIC_PREFIX_KINDS = new Set([...TOKEN_SHAPES.map((shape) => shape.name), 'connection-string']);

/** Every secret-shaped span of `text`, and every occurrence of a planted canary value. */
export function findSecrets(text: string, canaries: readonly string[] = []): SecretMatch[] {
  const found: SecretMatch[] = [];
  const overlaps = (start: number) => found.some((f) => f.start <= start && start < f.end);
  for (const canary of canaries) {
    if (canary.length === 0) continue;
    for (let at = text.indexOf(canary); at !== -1; at = text.indexOf(canary, at + canary.length))
      found.push({ kind: 'canary', start: at, end: at + canary.length });
  }
  for (const { name, pattern } of SHAPES) {
    eachMatch(pattern, text, (match) => {
      if (!overlaps(match.index) && !isExample(name, match[0])) found.push({ kind: name, start: match.index, end: match.index + match[0].length });
    });
  }
  eachMatch(CREDENTIAL_ASSIGNMENT, text, (match) => {
    const value = match[2] as string;
    const start = match.index + match[0].length - value.length;
    if (looksLikeGeneratedSecret(value) && !NOT_CREDENTIAL_NAME.test(match[1] as string) && !EXAMPLE_VALUE.test(value) && !overlaps(start))
      found.push({ kind: 'credential-assignment', start, end: start + value.length });
  });
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Each match of a global pattern, with the module's own RegExp: matchAll copies the pattern for
 * every call, and a check run scans every string of every listing (10,000 tools: a million
 * copies, most of the run's garbage). Not re-entrant, and it need not be: `visit` never scans.
 */
function eachMatch(pattern: RegExp, text: string, visit: (match: RegExpExecArray) => void): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === 0) pattern.lastIndex++;
    visit(match);
  }
  pattern.lastIndex = 0;
}

/** A match shown without its value: the kind, where, its length, and only a public prefix (`ghp_…`). */
export function describeSecret(text: string, match: SecretMatch): string {
  const value = text.slice(match.start, match.end);
  if (!PUBLIC_PREFIX_KINDS.has(match.kind)) return `${match.kind} at ${match.start} (${value.length} chars)`;
  return `${match.kind} at ${match.start} (${value.slice(0, 4)}…, ${value.length} chars)`;
}

/** A secret found in a JSON value: the string it is in, where that string is, and the match. */
export interface JsonSecret {
  /** RFC 6901 pointer of the string inside the value scanned. */
  pointer: string;
  text: string;
  match: SecretMatch;
}

/** Opaque protocol state: random by design and handed back by the client, never a leak. */
const OPAQUE_KEYS = new Set(['nextCursor', 'cursor', 'requestState', 'progressToken', 'resultType', 'etag', 'hash', 'sha', 'checksum', 'digest']);
/** Base64 payloads: an image or a blob is random bytes, and random text matches some key shape sooner or later. */
const MEDIA_KEYS = new Set(['blob', 'data']);
const LONG_BASE64 = /^[A-Za-z0-9+/_-]{1024,}={0,2}$/;
/** Nodes and characters scanned per value: whatever the server sends, the scan is bounded. */
const MAX_NODES = 20_000;
const MAX_STRING = 256 * 1024;

/** Every secret in the strings of a parsed JSON value (a result, an error, a notification's params). */
export function findSecretsInJson(value: unknown, canaries: readonly string[] = [], base = ''): JsonSecret[] {
  const out: JsonSecret[] = [];
  walk(value, { base, path: [], nodes: MAX_NODES }, undefined, undefined, canaries, out);
  return out;
}

/** Where the walk is: the pointer is made only for a string that holds a secret (most hold none). */
interface WalkState {
  base: string;
  path: (string | number)[];
  nodes: number;
}

const pointerOf = (state: WalkState): string => pointerTo(state.base, ...state.path);

function walk(
  node: unknown,
  state: WalkState,
  key: string | undefined,
  parent: Record<string, unknown> | undefined,
  canaries: readonly string[],
  out: JsonSecret[],
): void {
  if (state.nodes-- <= 0) return;
  if (typeof node === 'string') {
    if (key !== undefined && (OPAQUE_KEYS.has(key) || (MEDIA_KEYS.has(key) && isMedia(key, node, parent)))) {
      // Even opaque state must not carry a planted canary.
      for (const match of findSecrets(node, canaries)) if (match.kind === 'canary') out.push({ pointer: pointerOf(state), text: node, match });
      return;
    }
    const text = node.length > MAX_STRING ? node.slice(0, MAX_STRING) : node;
    const found = findSecrets(text, canaries);
    const pointer = found.length > 0 || (key !== undefined && SECRET_FIELD.test(key)) ? pointerOf(state) : '';
    for (const match of found) out.push({ pointer, text, match });
    if (key !== undefined && SECRET_FIELD.test(key) && !/^token$/i.test(key) && looksLikeGeneratedSecret(text, 8) && !out.some((f) => f.pointer === pointer))
      out.push({ pointer, text, match: { kind: 'credential-field', start: 0, end: text.length } });
    return;
  }
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) {
      state.path.push(index);
      walk(node[index], state, key, parent, canaries, out);
      state.path.pop();
    }
    return;
  }
  if (node && typeof node === 'object') {
    const object = node as Record<string, unknown>;
    for (const name in object) {
      if (!Object.hasOwn(object, name)) continue;
      state.path.push(name);
      walk(object[name], state, name, object, canaries, out);
      state.path.pop();
    }
  }
}

/** Media: a `blob`, or `data` beside a mimeType, or any long unbroken base64 run. */
function isMedia(key: string, text: string, parent: Record<string, unknown> | undefined): boolean {
  return key === 'blob' || parent?.mimeType !== undefined || parent?.type === 'image' || parent?.type === 'audio' || LONG_BASE64.test(text.slice(0, 4096));
}

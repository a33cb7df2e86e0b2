/**
 * Where `mcpvet auth login` keeps what it obtained: one JSON file, mode 0600, in a 0700 folder
 * under the user's config folder ($XDG_CONFIG_HOME/mcpvet, else ~/.config/mcpvet), one entry per
 * MCP server (its resource URL). The file is rewritten whole through a temporary file and a rename,
 * so a reader never sees half of it. Nothing here prints a token.
 *
 * TODO(keychain): the OS keychain (libsecret's secret-tool, macOS `security`) would be the better
 * home when one is available; this machine has neither tool, so only the file store exists.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface StoredAuth {
  /** The MCP endpoint the tokens are for (the key; also the `resource` sent to the AS). */
  resource: string;
  /** The Protected Resource Metadata's `resource`: what `resource=` carries (RFC 8707). */
  resourceIndicator: string;
  /** The authorization server's issuer: credentials are bound to it (SEP-2352). */
  issuer: string;
  /** Where refreshes go (from the issuer's metadata). */
  tokenEndpoint: string;
  /** Where logout revokes the tokens (RFC 7009), when the issuer has one. */
  revocationEndpoint?: string;
  clientId: string;
  /** Only when the authorization server issued one at registration. */
  clientSecret?: string;
  redirectUri: string;
  accessToken: string;
  refreshToken?: string;
  /** Space-separated scopes granted (or, when the AS did not say, those asked for). */
  scope: string;
  /** Milliseconds since the epoch; absent when the AS gave no expires_in. */
  expiresAt?: number;
  obtainedAt: number;
}

interface StoreFile {
  version: 1;
  servers: Record<string, StoredAuth>;
}

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME?.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'mcpvet');
}

export function storePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'oauth-tokens.json');
}

/** The key of an endpoint: scheme and host lower case, no query, no fragment, no trailing slash. */
export function resourceKey(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.search = '';
  parsed.username = '';
  parsed.password = '';
  const text = parsed.toString();
  return parsed.pathname !== '/' && text.endsWith('/') ? text.slice(0, -1) : text.replace(/\/$/, '');
}

function readStore(path = storePath()): StoreFile {
  let text: string;
  try {
    // A file others could read is narrowed first: tokens must never stay world-readable.
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, servers: {} };
    throw new Error(`cannot read the token store ${path}: ${(error as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as StoreFile;
    if (parsed && typeof parsed === 'object' && parsed.servers && typeof parsed.servers === 'object') return { version: 1, servers: parsed.servers };
  } catch {
    // Reported below.
  }
  throw new Error(`the token store ${path} is not valid JSON; delete it and log in again`);
}

function writeStore(store: StoreFile, path = storePath()): void {
  const dir = configDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(store, null, 2) + '\n', { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

export function loadAuth(url: string): StoredAuth | undefined {
  return readStore().servers[resourceKey(url)];
}

export function listAuth(): StoredAuth[] {
  return Object.values(readStore().servers);
}

export function saveAuth(entry: StoredAuth): void {
  const store = readStore();
  store.servers[resourceKey(entry.resource)] = entry;
  writeStore(store);
}

/** True when there was an entry to remove. */
export function removeAuth(url: string): boolean {
  const store = readStore();
  const key = resourceKey(url);
  if (!(key in store.servers)) return false;
  delete store.servers[key];
  writeStore(store);
  return true;
}

export function removeAllAuth(): number {
  const store = readStore();
  const count = Object.keys(store.servers).length;
  if (count > 0) writeStore({ version: 1, servers: {} });
  return count;
}

/**
 * Where `mcpvet auth login` keeps what it obtained: one JSON file, mode 0600, in a 0700 folder
 * under the user's config folder ($XDG_CONFIG_HOME/mcpvet, else ~/.config/mcpvet), one entry per
 * MCP server (its resource URL). The file is rewritten whole through a temporary file and a rename,
 * so a reader never sees half of it. Nothing here prints a token.
 *
 * Where the OS keychain is available (keychain.ts), the secrets (access and refresh tokens, a
 * client secret) go there instead, and the file keeps only what `auth status` shows.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { systemVault, type Vault } from './keychain.js';

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
  /** Set when the secrets are in the OS keychain (its name), not in the file. */
  keychain?: string;
}

type Secrets = Pick<StoredAuth, 'accessToken' | 'refreshToken' | 'clientSecret'>;
/** An entry as the file holds it: without its secrets when they are in the keychain. */
type FileEntry = Omit<StoredAuth, keyof Secrets> & Partial<Secrets>;

interface StoreFile {
  version: 1;
  servers: Record<string, FileEntry>;
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

/** The entry with its secrets, from the keychain when they are there; undefined when they are gone. */
function withSecrets(entry: FileEntry, vault: Vault | undefined): StoredAuth | undefined {
  if (entry.keychain === undefined) return typeof entry.accessToken === 'string' ? (entry as StoredAuth) : undefined;
  const text = vault?.get(resourceKey(entry.resource));
  if (text === undefined) return undefined;
  try {
    const secrets = JSON.parse(text) as Secrets;
    return typeof secrets.accessToken === 'string' ? { ...entry, ...secrets } : undefined;
  } catch {
    return undefined;
  }
}

export function loadAuth(url: string): StoredAuth | undefined {
  const entry = readStore().servers[resourceKey(url)];
  return entry ? withSecrets(entry, entry.keychain ? systemVault() : undefined) : undefined;
}

/** Every stored server; one whose keychain secrets are gone is listed with an empty token. */
export function listAuth(): StoredAuth[] {
  const entries = Object.values(readStore().servers);
  const vault = entries.some((entry) => entry.keychain) ? systemVault() : undefined;
  return entries.map((entry) => withSecrets(entry, vault) ?? { ...entry, accessToken: '' });
}

/**
 * Saves the entry: its secrets in the keychain when there is one (the file keeps the rest), else
 * all of it in the 0600 file. A keychain that refuses falls back to the file, saying so once,
 * unless MCPVET_TOKEN_STORE=keychain asked for it alone.
 */
export function saveAuth(entry: StoredAuth): void {
  const store = readStore();
  const key = resourceKey(entry.resource);
  const { accessToken, refreshToken, clientSecret, keychain: _previous, ...rest } = entry;
  const vault = systemVault();
  let saved: FileEntry = { ...rest, accessToken, ...(refreshToken ? { refreshToken } : {}), ...(clientSecret ? { clientSecret } : {}) };
  if (vault) {
    try {
      vault.set(key, JSON.stringify({ accessToken, refreshToken, clientSecret }));
      saved = { ...rest, keychain: vault.name };
    } catch (error) {
      if (process.env.MCPVET_TOKEN_STORE === 'keychain') throw new Error(`${vault.name} refused the tokens: ${(error as Error).message.split('\n')[0]}`);
      process.stderr.write(`mcpvet: warning: ${vault.name} refused the tokens; they are kept in ${storePath()} (mode 0600) instead\n`);
    }
  }
  store.servers[key] = saved;
  writeStore(store);
}

function forgetSecrets(entry: FileEntry | undefined, key: string): void {
  if (entry?.keychain) systemVault()?.delete(key);
}

/** True when there was an entry to remove. */
export function removeAuth(url: string): boolean {
  const store = readStore();
  const key = resourceKey(url);
  if (!(key in store.servers)) return false;
  forgetSecrets(store.servers[key], key);
  delete store.servers[key];
  writeStore(store);
  return true;
}

export function removeAllAuth(): number {
  const store = readStore();
  const count = Object.keys(store.servers).length;
  for (const [key, entry] of Object.entries(store.servers)) forgetSecrets(entry, key);
  if (count > 0) writeStore({ version: 1, servers: {} });
  return count;
}

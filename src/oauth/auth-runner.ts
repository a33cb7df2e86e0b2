/** `mcpvet auth login|status|logout`: wiring of the flags to the flows and the store. */
import { usageError } from '../cli/cli-error.js';
import { ExitCode } from '../cli/exit-codes.js';
import { printText } from '../cli/output.js';
import { checkHttpUrl } from '../cli/target-options.js';
import { rememberSecrets } from '../wire/secret-values.js';
import { redactUrl } from '../wire/target.js';
import { loginCliError } from './errors.js';
import { login, revoke } from './flow.js';
import { oneLine } from '../wire/control-chars.js';
import { listAuth, loadAuth, removeAllAuth, removeAuth, resourceKey, storePath, type StoredAuth } from './store.js';
import { isExpired } from './stored-token.js';

export interface LoginFlags {
  url?: string;
  clientId?: string;
  scope?: string;
  callbackPort: number;
  browser: boolean;
  wait: number;
  timeout: number;
}

function requireUrl(url: string | undefined, command: string): string {
  if (url === undefined) throw usageError(`auth ${command} needs --url (the server's Streamable HTTP endpoint)`);
  checkHttpUrl(url, '--url');
  return url;
}

/** Secrets of an entry, masked in everything printed from now on. */
function remember(entry: StoredAuth): void {
  rememberSecrets(
    [entry.accessToken, entry.refreshToken, entry.clientSecret]
      .filter((value): value is string => typeof value === 'string' && value.length >= 4)
      .map((value) => ({ kind: 'token' as const, name: 'stored OAuth credential', value })),
  );
}

function toCli(error: unknown): never {
  throw loginCliError(error);
}

export async function runLogin(flags: LoginFlags): Promise<number> {
  const url = requireUrl(flags.url, 'login');
  if (flags.scope !== undefined && !/^[\x21\x23-\x5b\x5d-\x7e]+(?: [\x21\x23-\x5b\x5d-\x7e]+)*$/.test(flags.scope.trim()))
    throw usageError('--scope takes scope names separated by single spaces (RFC 6749 §3.3)');
  const say = (line: string) => process.stderr.write(`${line}\n`);
  let entry: StoredAuth;
  try {
    entry = await login({
      url,
      clientId: flags.clientId,
      scope: flags.scope,
      callbackPort: flags.callbackPort,
      browser: flags.browser,
      waitMs: flags.wait,
      timeoutMs: flags.timeout,
      say,
    });
  } catch (error) {
    toCli(error);
  }
  remember(entry);
  say(`Logged in to ${entry.resource} (scope: ${entry.scope || '(none)'}; ${expiry(entry)}); the tokens are in ${storePath()}`);
  return ExitCode.Ok;
}

function expiry(entry: StoredAuth, now = Date.now()): string {
  if (entry.expiresAt === undefined) return 'no expiry given';
  const when = new Date(entry.expiresAt).toISOString();
  if (entry.expiresAt <= now) return `expired ${when}${entry.refreshToken ? ', refreshable' : ''}`;
  const minutes = Math.round((entry.expiresAt - now) / 60_000);
  return `expires ${when} (in ${minutes < 1 ? 'under a minute' : `${minutes} min`})`;
}

export async function runStatus(flags: { url?: string; format: 'text' | 'json' }): Promise<number> {
  if (flags.url !== undefined) checkHttpUrl(flags.url, '--url');
  let entries = listAuth();
  if (flags.url !== undefined) {
    const key = resourceKey(flags.url);
    entries = entries.filter((entry) => entry.resource === key);
  }
  for (const entry of entries) remember(entry);
  const now = Date.now();
  if (flags.format === 'json') {
    const servers = entries.map((entry) => ({
      url: entry.resource,
      issuer: entry.issuer,
      clientId: entry.clientId,
      scopes: entry.scope.split(' ').filter(Boolean),
      expiresAt: entry.expiresAt === undefined ? null : new Date(entry.expiresAt).toISOString(),
      expired: entry.expiresAt !== undefined && entry.expiresAt <= now,
      refreshable: entry.refreshToken !== undefined,
      tokensIn: entry.keychain ?? 'file',
    }));
    printText(`${JSON.stringify({ store: storePath(), servers }, null, 2)}\n`);
  } else if (entries.length === 0) {
    printText(flags.url !== undefined ? `no stored token for ${redactUrl(flags.url)}\n` : `no stored tokens (${storePath()})\n`);
  } else {
    const lines = entries.map(
      (entry) =>
        `${entry.resource}\n  issuer: ${entry.issuer}\n  scopes: ${entry.scope || '(none)'}\n  ${expiry(entry, now)}${isExpired(entry, now) || !entry.refreshToken ? '' : '; refreshable'}\n` +
        (entry.keychain ? `  tokens: in ${entry.keychain}${entry.accessToken ? '' : ', which no longer holds them: log in again'}\n` : ''),
    );
    printText(`${lines.join('')}(stored in ${storePath()})\n`);
  }
  // As `gh auth status`: a script can ask whether a server has a token.
  return flags.url !== undefined && entries.length === 0 ? ExitCode.AuthRequired : ExitCode.Ok;
}

/** Revokes at the issuer (unless --no-revoke), then forgets; a failed revocation is a warning. */
async function forget(entry: StoredAuth, flags: { revoke: boolean; timeout: number }): Promise<void> {
  remember(entry);
  if (flags.revoke) {
    const problem = await revoke(entry, flags.timeout);
    if (problem)
      process.stderr.write(`mcpvet: warning: ${entry.resource}: the tokens were not revoked (${oneLine(problem)}); they stay valid until they expire\n`);
    else process.stderr.write(`revoked the tokens of ${entry.resource} at ${entry.issuer}\n`);
  }
  removeAuth(entry.resource);
  process.stderr.write(`forgot the tokens of ${entry.resource}\n`);
}

export async function runLogout(flags: { url?: string; all?: boolean; revoke: boolean; timeout: number }): Promise<number> {
  if (flags.all && flags.url !== undefined) throw usageError('give --url or --all, not both');
  if (flags.all) {
    const entries = listAuth();
    for (const entry of entries) await forget(entry, flags);
    removeAllAuth();
    if (entries.length === 0) process.stderr.write('no stored tokens\n');
    return ExitCode.Ok;
  }
  const url = requireUrl(flags.url, 'logout');
  const entry = loadAuth(url);
  if (!entry) {
    process.stderr.write(`no stored token for ${redactUrl(url)}\n`);
    return ExitCode.Ok;
  }
  await forget(entry, flags);
  return ExitCode.Ok;
}

/** The target flags every command shares, and turning them into a Target. */
import type { Command } from 'commander';
import { Option } from 'commander';
import type { EraPreference } from '../protocol/versions.js';
import { oneLine } from '../wire/control-chars.js';
import { rememberSecrets, secretValuesOf } from '../wire/secret-values.js';
import { type HttpTarget, redactUrl, type Target } from '../wire/target.js';
import { CliError, EnvelopeCode, usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';

export interface TargetFlags {
  url?: string;
  serverUrl?: string;
  header: string[];
  env: string[];
  cwd?: string;
  config?: string;
  server?: string;
  transport?: string;
  protocolEra: EraPreference;
  timeout: number;
  /** Use only a stored OAuth token (`mcpvet auth login`); none means exit 3 at once. */
  storedAuthOnly?: boolean;
}

/** Repeatable flags collect into a list; an absent one becomes [] before the action runs (see main.ts). */
export const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** Node's timers hold 32-bit signed milliseconds: a longer delay fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A duration flag in milliseconds, 1 to 2^31-1 (about 24.8 days). */
export function parseMilliseconds(flag: string, value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(ms) || ms < 1 || ms > MAX_TIMER_MS) {
    throw usageError(`${flag} takes a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, not "${oneLine(value)}"`);
  }
  return ms;
}

export function parseTimeout(value: string): number {
  return parseMilliseconds('--timeout', value);
}

export function addTargetOptions(command: Command): Command {
  return command
    .option('--url <url>', 'Streamable HTTP endpoint of the server')
    .addOption(new Option('--server-url <url>', 'the same as --url (the Inspector CLI name)').hideHelp())
    .option('--header <header>', "HTTP header 'Name: value' (repeatable)", collect)
    .option('-e, --env <KEY=VALUE>', 'environment variable for a stdio server (repeatable)', collect)
    .option('--cwd <dir>', 'working directory for a stdio server')
    .option('--config <file>', 'an mcpServers JSON file (as MCP hosts and the Inspector use)')
    .option('--server <name>', 'which server of --config to use')
    .addOption(new Option('--transport <kind>', 'stdio or http (inferred from the target)').choices(['stdio', 'http', 'streamable-http', 'sse']))
    .addOption(new Option('--protocol-era <era>', 'protocol era to speak').choices(['legacy', 'auto', 'modern']).default('auto'))
    .option('--timeout <ms>', 'timeout of each request in milliseconds', parseTimeout, 10_000)
    .option('--stored-auth-only', 'HTTP: use only the token stored by `mcpvet auth login`; without one, exit 3 (auth_required) at once');
}

/**
 * The Target from flags, a positional command (after `--` or not), or an mcpServers config file.
 * Its secret values (env, headers, query) are remembered, so every output of the run masks them.
 */
export async function resolveTarget(flags: TargetFlags, positional: string[]): Promise<Target> {
  const target = await targetOf(flags, positional);
  if (target.transport === 'http') {
    checkHttpUrl(target.url, flags.config !== undefined ? `the --config url` : '--url');
    for (const [name, value] of Object.entries(target.headers ?? {})) checkHeader(name, value);
    await addStoredAuthorization(target, flags);
  }
  rememberSecrets(secretValuesOf(target));
  return target;
}

/** Targets whose Authorization header is a stored login's token (not one the user gave). */
const STORED_AUTHORIZATION = new WeakSet<Target>();

/**
 * The token `mcpvet auth login` stored for this endpoint, when the user gave no Authorization
 * header (theirs wins). It is a header like theirs, so every output masks it.
 */
async function addStoredAuthorization(target: HttpTarget, flags: TargetFlags): Promise<void> {
  if (Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')) return;
  const { storedToken } = await import('../oauth/stored-token.js');
  const stored = await storedToken(target.url, flags.timeout);
  if (stored.ok) {
    target.headers = { ...target.headers, Authorization: `Bearer ${stored.accessToken}` };
    STORED_AUTHORIZATION.add(target);
    return;
  }
  const hint = `run \`mcpvet auth login --url ${redactUrl(target.url)}\``;
  if (flags.storedAuthOnly) {
    throw new CliError(
      EnvelopeCode.AuthRequired,
      `${stored.message} for ${redactUrl(target.url)}, and --stored-auth-only never starts a login: ${hint} first`,
      ExitCode.AuthRequired,
      { url: target.url },
    );
  }
  if (stored.reason !== 'none') process.stderr.write(`mcpvet: warning: ${oneLine(stored.message)} for ${redactUrl(target.url)}; sending no token (${hint})\n`);
}

/** An http(s) URL without user:password@ (credentials go in --header, where they are redacted). */
export function checkHttpUrl(value: string, flag: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(`${flag} must be an http:// or https:// URL, not "${oneLine(redactUrl(value))}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`${flag} must be an http:// or https:// URL, not "${oneLine(redactUrl(value))}"`);
  if (url.username !== '' || url.password !== '') {
    throw usageError(`${flag} ${redactUrl(value)}: credentials in the URL (user:password@) are not sent; give them as an Authorization header (--header)`);
  }
}

async function targetOf(flags: TargetFlags, positional: string[]): Promise<Target> {
  if (flags.transport === 'sse') throw usageError('the deprecated HTTP+SSE transport is not supported; use a Streamable HTTP --url');
  // Inspector CLI forms: `--server-url URL`, and a lone URL where the command would be.
  if (flags.serverUrl !== undefined) flags = { ...flags, url: flags.url ?? flags.serverUrl };
  if (flags.url === undefined && positional.length === 1 && /^https?:\/\//i.test(positional[0] as string)) {
    flags = { ...flags, url: positional[0] };
    positional = [];
  }
  if (flags.transport === 'stdio' && flags.url !== undefined) throw usageError('--transport stdio needs a command, not a URL');
  const sources = [flags.url !== undefined, positional.length > 0, flags.config !== undefined].filter(Boolean).length;
  if (sources === 0) throw usageError('no server given: pass a command after --, or --url, or --config with --server');
  if (sources > 1) throw usageError('give exactly one of: a command after --, --url, or --config');
  if (flags.config !== undefined) {
    const { targetFromConfig } = await import('./config-file.js');
    return targetFromConfig(flags.config, flags.server, { headers: parseHeaders(flags.header), env: parseEnv(flags.env), cwd: flags.cwd });
  }
  if (flags.url !== undefined) {
    if (flags.env.length > 0 || flags.cwd) throw usageError('-e and --cwd apply to stdio servers, not to --url');
    return { transport: 'http', url: flags.url, headers: parseHeaders(flags.header) };
  }
  if (flags.header.length > 0) throw usageError('--header applies to --url servers, not to stdio');
  const [command, ...args] = positional;
  return { transport: 'stdio', command: command as string, args, env: parseEnv(flags.env), cwd: flags.cwd };
}

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Refused before anything is sent; the value is never echoed: it is most often a credential. */
function checkHeader(name: string, value: string): void {
  if (!HEADER_NAME.test(name)) throw usageError(`header "${oneLine(name)}": not a valid HTTP header name`);
  if (/[\r\n\0]/.test(value)) throw usageError(`header ${name}: the value contains a line break (CR or LF) or NUL, which HTTP does not allow`);
}

export function parseHeaders(values: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    if (colon <= 0)
      throw usageError(
        colon === 0
          ? "--header takes 'Name: value', not ': …' (no name)"
          : "--header takes 'Name: value' (the one given has no colon; it is not echoed, it may be a credential)",
      );
    const name = value.slice(0, colon).trim();
    headers[name] = value.slice(colon + 1).trim();
    checkHeader(name, headers[name]);
  }
  return headers;
}

export function parseEnv(values: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const value of values) {
    const equals = value.indexOf('=');
    if (equals <= 0) throw usageError(`-e takes KEY=VALUE, not "${oneLine(value.replace(/=[\s\S]*/, '=…'))}"`);
    env[value.slice(0, equals)] = value.slice(equals + 1);
  }
  return env;
}

/** A URL means an HTTP replica; anything else is a command line for a stdio replica. */
export async function replicaTarget(value: string, primary: Target, flags: TargetFlags): Promise<Target> {
  if (/^https?:\/\//.test(value)) {
    checkHttpUrl(value, '--replica');
    const replica: HttpTarget = { transport: 'http', url: value, headers: primary.transport === 'http' ? primary.headers : undefined };
    // A token stored for the primary is bound to its resource: another endpoint gets its own, if any.
    const { resourceKey } = await import('../oauth/store.js');
    if (STORED_AUTHORIZATION.has(primary) && resourceKey(value) !== resourceKey((primary as HttpTarget).url)) {
      replica.headers = Object.fromEntries(Object.entries(replica.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'));
      await addStoredAuthorization(replica, flags);
    }
    rememberSecrets(secretValuesOf(replica));
    return replica;
  }
  const [command, ...args] = value.split(/\s+/).filter(Boolean);
  if (!command) throw usageError('--replica needs a URL or a command');
  return {
    transport: 'stdio',
    command,
    args,
    env: primary.transport === 'stdio' ? primary.env : undefined,
    cwd: primary.transport === 'stdio' ? primary.cwd : undefined,
  };
}

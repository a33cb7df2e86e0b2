/**
 * Authorization failures met by a command. Step-up: a 403 whose Bearer challenge says
 * error="insufficient_scope" names the scopes the operation needs. On a terminal (stdin and
 * stderr) the user is asked `Proceed with step-up authorization? [y/N]` and a login for the union
 * of the scopes held and those named follows; a 401 likewise offers a login. Anywhere else it is
 * an error (exit 3) that names the command to run: a login is never waited for without a terminal.
 */
import { oneLine } from '../wire/control-chars.js';
import { bearerChallenge } from '../check/probes/auth/challenge.js';
import { CliError, EnvelopeCode, toCliError } from '../cli/cli-error.js';
import { TransportError } from '../protocol/transport-error.js';
import { ExitCode } from '../cli/exit-codes.js';
import { redactUrl } from '../wire/target.js';
import { storedTokenWasUsed } from './stored-token.js';
import { DEFAULT_LOGIN_WAIT_MS } from './defaults.js';

export class StepUpRequired extends CliError {
  constructor(
    readonly url: string,
    readonly scope: string,
    description: string | undefined,
  ) {
    super(
      EnvelopeCode.AuthRequired,
      `the server needs scope "${scope}" for this request (HTTP 403 insufficient_scope${description ? `: ${description}` : ''}); ` +
        `authorize it with \`mcpvet auth login --url ${redactUrl(url)} --scope "${scope}"\``,
      ExitCode.AuthRequired,
      { status: 403, url },
    );
  }
}

/** The step-up an HTTP answer asks for, if it is a 403 insufficient_scope naming a scope. */
export function stepUpOf(http: { status: number; headers: Record<string, string> } | undefined, url: string): StepUpRequired | undefined {
  if (http?.status !== 403) return undefined;
  const challenge = bearerChallenge(http.headers['www-authenticate']);
  const scope = challenge?.params.scope?.trim();
  if (challenge?.params.error !== 'insufficient_scope' || !scope) return undefined;
  // The description is the server's text: one line, short.
  const description = challenge.params.error_description === undefined ? undefined : oneLine(challenge.params.error_description).slice(0, 200);
  return new StepUpRequired(url, scope, description);
}

export const canPrompt = (): boolean => Boolean(process.stdin.isTTY && process.stderr.isTTY);

/** Asks on the terminal; anything but y/yes is no. */
async function ask(lines: string[], question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    for (const line of lines) process.stderr.write(`mcpvet: ${line}\n`);
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** A login from inside a command, on the redirect URI the client was registered with (so it is reused). */
async function loginNow(url: string, addScope: string | undefined, timeoutMs: number): Promise<void> {
  const { login } = await import('./flow.js');
  const { DEFAULT_CALLBACK_PORT } = await import('./callback.js');
  const { loadAuth } = await import('./store.js');
  const { loginCliError } = await import('./errors.js');
  const previous = loadAuth(url);
  try {
    await login({
      url,
      addScope,
      callbackPort: previous ? Number(new URL(previous.redirectUri).port) : DEFAULT_CALLBACK_PORT,
      browser: true,
      waitMs: DEFAULT_LOGIN_WAIT_MS,
      timeoutMs,
      say: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    throw loginCliError(error);
  }
}

/** True when a stored token with a refresh token existed and was refreshed. */
async function refreshedAfterRefusal(url: string, timeoutMs: number): Promise<boolean> {
  const { loadAuth } = await import('./store.js');
  const entry = loadAuth(url);
  if (!entry?.refreshToken) return false;
  const { refresh } = await import('./flow.js');
  try {
    await refresh(entry, timeoutMs);
    return true;
  } catch (error) {
    process.stderr.write(`mcpvet: warning: the server refused the stored token, and ${oneLine((error as Error).message)}\n`);
    return false;
  }
}

/**
 * What a command does with an authorization failure of its HTTP target. A 401 gets the login
 * command in its message; a 403 insufficient_scope is a StepUpRequired. On a terminal (and
 * without --stored-auth-only, and not on a retry) the user is asked first, and `retry` means a
 * login happened and the command may run once more. Anything else: the error to throw.
 */
export async function recoverAuthorization(
  error: unknown,
  options: { timeoutMs: number; storedAuthOnly?: boolean; retried: boolean },
): Promise<'retry' | unknown> {
  const interactive = !options.retried && !options.storedAuthOnly && canPrompt();
  if (error instanceof StepUpRequired) {
    if (!interactive) return error;
    const yes = await ask([`the server needs scope "${error.scope}" for this request.`], 'Proceed with step-up authorization? [y/N] ');
    if (!yes) return error;
    await loginNow(error.url, error.scope, options.timeoutMs);
    return 'retry';
  }
  if (error instanceof TransportError && error.kind === 'auth' && error.detail.status === 401 && error.detail.url) {
    const url = error.detail.url;
    const cli = toCliError(error);
    const hinted = new CliError(cli.code, `${cli.message}; log in with \`mcpvet auth login --url ${redactUrl(url)}\``, cli.exitCode, cli.extra);
    // The stored token was refused before its known expiry (revoked, clocks apart): a refresh first, never a prompt.
    if (!options.retried && storedTokenWasUsed(url) && (await refreshedAfterRefusal(url, options.timeoutMs))) return 'retry';
    if (!interactive) return hinted;
    const yes = await ask([`${redactUrl(url)} requires authorization (HTTP 401).`], 'Log in now? [y/N] ');
    if (!yes) return hinted;
    await loginNow(url, undefined, options.timeoutMs);
    return 'retry';
  }
  return error;
}

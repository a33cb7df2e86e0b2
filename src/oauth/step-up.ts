/**
 * Step-up authorization: a 403 whose Bearer challenge says error="insufficient_scope" names the
 * scopes the operation needs. On a terminal (stdin and stderr) the user is asked
 * `Proceed with step-up authorization? [y/N]` and a login for the union of the scopes held and
 * those named follows; anywhere else it is an error (exit 3) that names the scope and the command
 * to run: a login is never waited for without a terminal.
 */
import { bearerChallenge } from '../check/probes/auth/challenge.js';
import { CliError, EnvelopeCode } from '../cli/cli-error.js';
import { ExitCode } from '../cli/exit-codes.js';
import { redactUrl } from '../wire/target.js';

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
  const description = challenge.params.error_description?.replace(/\s+/g, ' ').slice(0, 200);
  return new StepUpRequired(url, scope, description);
}

export const canPrompt = (): boolean => Boolean(process.stdin.isTTY && process.stderr.isTTY);

/** Asks on the terminal; anything but y/yes is no. */
export async function askStepUp(stepUp: StepUpRequired): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    process.stderr.write(`mcpvet: the server needs scope "${stepUp.scope}" for this request.\n`);
    const answer = await rl.question('Proceed with step-up authorization? [y/N] ');
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** The interactive step-up: asks, then logs in with the union of the scopes; false when declined. */
export async function stepUpInteractively(stepUp: StepUpRequired, timeoutMs: number): Promise<boolean> {
  if (!(await askStepUp(stepUp))) return false;
  const { login } = await import('./flow.js');
  const { DEFAULT_CALLBACK_PORT } = await import('./callback.js');
  const { loadAuth } = await import('./store.js');
  // The redirect URI the client was registered with, so the registration is reused.
  const previous = loadAuth(stepUp.url);
  await login({
    url: stepUp.url,
    addScope: stepUp.scope,
    callbackPort: previous ? Number(new URL(previous.redirectUri).port) : DEFAULT_CALLBACK_PORT,
    browser: true,
    waitMs: 300_000,
    timeoutMs,
    say: (line) => process.stderr.write(`${line}\n`),
  });
  return true;
}

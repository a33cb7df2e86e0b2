/**
 * `check`'s own exit codes (0, 1, 2; `call`'s 3-6 are the Inspector's): a run that could not start
 * is exit 1, with one line that says why. An auth failure says so and shows what the server
 * answered (clipped, secrets masked), since that body is often the only hint of what to do.
 */
import { TransportError } from '../protocol/transport-error.js';
import { redactText } from '../report/redact.js';
import { redactUrl } from '../wire/target.js';
import { CliError, EnvelopeCode, toCliError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';

const BODY_CLIP = 300;

export function checkStartFailure(error: unknown, secrets: readonly string[] = []): CliError {
  const cli = toCliError(error);
  // `--stored-auth-only` without a usable stored token: exit 3 (auth_required) in every command.
  if (cli.exitCode <= ExitCode.Failed || (error instanceof CliError && cli.code === EnvelopeCode.AuthRequired)) return cli;
  let message = cli.message;
  if (error instanceof TransportError) {
    const where = error.detail.url ? ` at ${redactUrl(error.detail.url)}` : '';
    if (error.kind === 'auth') {
      const login = error.detail.url ? `, or log in with \`mcpvet auth login --url ${redactUrl(error.detail.url)}\`` : '';
      message = `${error.message}${where}: check cannot run without credentials (give them with --header${login})`;
      if (error.detail.cause) message += `; WWW-Authenticate: ${oneLine(error.detail.cause)}`;
      if (error.detail.body?.trim()) message += `; the server said: ${clip(oneLine(error.detail.body))}`;
    } else {
      message = `cannot reach the server${where}: ${error.message}`;
    }
  }
  return new CliError(cli.code, redactText(message, { secrets }), ExitCode.Usage, cli.extra);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string): string {
  return text.length > BODY_CLIP ? `${text.slice(0, BODY_CLIP)}… (${text.length} characters)` : text;
}

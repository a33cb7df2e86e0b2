/**
 * Errors the CLI reports: one line on stderr (plain, or JSON `{"error":{...}}`), secrets and query
 * strings redacted, control characters escaped, server text clipped, and an exit code. Never a
 * stack trace.
 */
import { TransportError } from '../protocol/transport-error.js';
import { redactText } from '../report/redact.js';
import { jsonPrintable, oneLine } from '../wire/control-chars.js';
import { redactUrl } from '../wire/target.js';
import { ExitCode, type ExitCodeValue } from './exit-codes.js';

/**
 * Envelope codes. Those the Inspector CLI uses keep its names (auth_required, unreachable,
 * tool_error, tool_is_error, schema_unportable, error), so scripts written for it keep working;
 * the others name a finer cause of exit 1.
 */
export const EnvelopeCode = {
  Usage: 'usage',
  AuthRequired: 'auth_required',
  Unreachable: 'unreachable',
  ToolError: 'tool_error',
  ToolIsError: 'tool_is_error',
  SchemaUnportable: 'schema_unportable',
  RpcError: 'rpc_error',
  ProtocolError: 'protocol_error',
  Error: 'error',
} as const;

export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: ExitCodeValue,
    readonly extra: { cause?: string; status?: number; url?: string } = {},
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string): CliError {
  return new CliError(EnvelopeCode.Usage, message, ExitCode.Usage);
}

/** Maps anything thrown to a CliError with the right exit code. */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof TransportError) {
    const extra = { cause: error.detail.cause, status: error.detail.status, url: error.detail.url };
    switch (error.kind) {
      case 'auth':
        return new CliError(EnvelopeCode.AuthRequired, error.message, ExitCode.AuthRequired, extra);
      case 'spawn':
      case 'refused':
      case 'dns':
      case 'closed':
        return new CliError(EnvelopeCode.Unreachable, error.message, ExitCode.Unreachable, extra);
      case 'timeout':
        // The Inspector counts a timeout as unreachable too; the cause tells them apart.
        return new CliError(EnvelopeCode.Unreachable, error.message, ExitCode.Unreachable, { ...extra, cause: extra.cause ?? 'timeout' });
      default:
        return new CliError(EnvelopeCode.ProtocolError, error.message, ExitCode.Usage, extra);
    }
  }
  const name = (error as Error)?.name;
  if (name === 'RpcError' || name === 'ProtocolViolation')
    return new CliError(name === 'RpcError' ? EnvelopeCode.RpcError : EnvelopeCode.ProtocolError, (error as Error).message, ExitCode.Usage);
  return new CliError(EnvelopeCode.Error, (error as Error)?.message ?? String(error), ExitCode.Usage);
}

/** Server text quoted in an error (a 12 KB WWW-Authenticate, an error page) is clipped to this. */
export const ERROR_TEXT_MAX = 400;

/** One line, redacted and clipped; control characters stay raw here (each output form escapes them). */
function errorText(text: string): string {
  const flat = redactText(text)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  return flat.length <= ERROR_TEXT_MAX ? flat : `${flat.slice(0, ERROR_TEXT_MAX)}… (clipped: ${flat.length} characters in all)`;
}

export function errorEnvelope(error: CliError): string {
  const body: Record<string, unknown> = { code: error.code, message: errorText(error.message) };
  if (error.extra.cause) body.cause = errorText(error.extra.cause);
  if (error.extra.status !== undefined) body.status = error.extra.status;
  if (error.extra.url) body.url = errorText(redactUrl(error.extra.url));
  return jsonPrintable(JSON.stringify({ error: body }));
}

/** The plain form: `mcpvet: message`. */
export function errorLine(error: CliError): string {
  return `mcpvet: ${oneLine(errorText(error.message))}`;
}

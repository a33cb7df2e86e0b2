/** Failures of the OAuth flows, as one line a person can act on; never a token, code or secret. */
import * as oauth from 'oauth4webapi';
import { CliError, EnvelopeCode, usageError } from '../cli/cli-error.js';
import { ExitCode } from '../cli/exit-codes.js';

export class OAuthFailure extends Error {
  constructor(
    message: string,
    /** `unreachable`: the network failed; `auth`: the authorization itself failed or was refused. */
    readonly kind: 'auth' | 'unreachable' | 'usage' = 'auth',
  ) {
    super(message);
    this.name = 'OAuthFailure';
  }
}

/**
 * One line for an error of fetch or oauth4webapi. An authorization server's error code is kept
 * (`invalid_grant`), its description too (it is the server's text: clipped by the CLI's error line).
 */
export function describeOAuthError(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError) {
    return `the authorization server answered HTTP ${error.status} ${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    return `the authorization server refused: ${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  }
  if (error instanceof oauth.OperationProcessingError) return error.message.replace(/"response"/g, 'the response');
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'no answer in time';
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'host not found';
  return cause?.message ?? (error as Error)?.message ?? String(error);
}

/** The CLI error of a failed login: exit 1 for usage, 4 when unreachable, 3 otherwise. */
export function loginCliError(error: unknown): unknown {
  if (!(error instanceof OAuthFailure)) return error;
  if (error.kind === 'usage') return usageError(error.message);
  if (error.kind === 'unreachable') return new CliError(EnvelopeCode.Unreachable, error.message, ExitCode.Unreachable);
  return new CliError(EnvelopeCode.AuthRequired, `login failed: ${error.message}`, ExitCode.AuthRequired);
}

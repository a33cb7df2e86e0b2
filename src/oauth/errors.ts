/** Failures of the OAuth flows, as one line a person can act on; never a token, code or secret. */
import * as oauth from 'oauth4webapi';

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

/** A transport failure (not a JSON-RPC error answer): the server could not be reached or stopped answering. */
export type TransportErrorKind = 'spawn' | 'refused' | 'dns' | 'timeout' | 'closed' | 'protocol' | 'auth' | 'http';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly detail: { status?: number; url?: string; cause?: string; /** The response body, as received. */ body?: string } = {},
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** A transport failure (not a JSON-RPC error answer): the server could not be reached or stopped answering. */
/** `cancelled`: the caller aborted the request (a check's timeout or end), not the server. */
export type TransportErrorKind = 'spawn' | 'refused' | 'dns' | 'timeout' | 'closed' | 'protocol' | 'auth' | 'http' | 'cancelled';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly detail: { status?: number; url?: string; cause?: string /** The response body, as received. */; body?: string } = {},
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/**
 * The two ways a server fails to answer a request it received, as transport errors both channels
 * raise alike: an answer carrying another request's id, and an SSE stream that ended without one.
 */
import { TransportError } from './transport-error.js';

/** Ids as JSON: 2 and "2" must read differently in the message. */
function show(id: unknown): string {
  return id === undefined ? 'none' : JSON.stringify(id);
}

/** An answer whose id matches no request in flight, received while `sentId` waited. */
export function mismatchedId(sentId: unknown, receivedId: unknown, method?: string): TransportError {
  const request = method ? `${method} (id ${show(sentId)})` : `request id ${show(sentId)}`;
  return new TransportError('protocol', `the server answered ${request} with id ${show(receivedId)}, which matches no request in flight`, {
    cause: 'mismatched-id',
  });
}

/** An SSE response stream that ended before the response to the request it was opened for. */
export function streamEndedUnanswered(method: string | undefined, status: number, notifications: number): TransportError {
  const sent = notifications > 0 ? ` after ${notifications} notification${notifications === 1 ? '' : 's'}` : '';
  return new TransportError('closed', `the server ended the stream without answering${method ? ` ${method}` : ''} (HTTP ${status}${sent})`, {
    status,
    cause: 'stream-ended-unanswered',
  });
}

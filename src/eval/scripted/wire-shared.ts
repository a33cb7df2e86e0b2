/** What both wires share: how a streamed reply is cut, and the error type of an HTTP status. */

/** Small pieces, so a client's handling of deltas is exercised. */
const PIECE = 12;

/** Split by code points, so a piece never ends inside a surrogate pair. */
export function pieces(text: string): string[] {
  const points = Array.from(text);
  const out: string[] = [];
  for (let start = 0; start < points.length; start += PIECE) out.push(points.slice(start, start + PIECE).join(''));
  return out;
}

const ERROR_TYPES: Record<number, string> = {
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  413: 'request_too_large',
  415: 'invalid_request_error',
  421: 'permission_error',
};

/** The `type` both providers give an error of this status (the same names in both APIs). */
export function errorType(status: number): string {
  return ERROR_TYPES[status] ?? 'invalid_request_error';
}

/** Opaque list cursors: base64url of "<list>:<offset>", checked on the way back in. */
import { Code, RpcError } from './protocol.js';

export function paginate<T>(list: string, items: T[], cursor: unknown, pageSize: number): { page: T[]; nextCursor?: string } {
  let offset = 0;
  if (cursor !== undefined) {
    const decoded = typeof cursor === 'string' ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
    const match = new RegExp(`^${list}:(\\d+)$`).exec(decoded);
    offset = match ? Number(match[1]) : -1;
    if (offset <= 0 || offset >= items.length) throw new RpcError(Code.InvalidParams, 'Invalid cursor', { cursor });
  }
  const end = offset + pageSize;
  const page = items.slice(offset, end);
  return end < items.length ? { page, nextCursor: Buffer.from(`${list}:${end}`).toString('base64url') } : { page };
}

/**
 * One POST to the target's own endpoint with headers fetch will not send (a foreign Host): over
 * node:http, bounded in time and in the bytes read. Only the target's address is ever dialled; the
 * Host header is just a header. The answer counts as accepted when it is 2xx and carries a
 * JSON-RPC result (a JSON body or the data of an SSE event).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface RawAnswer {
  status?: number;
  /** A JSON-RPC result came back: the server served the request. */
  served: boolean;
  /** Set when nothing came back (refused, reset, timeout). */
  failure?: string;
}

const MAX_BODY = 256 * 1024;

export function rawPost(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(answer);
    };
    const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, setHost: !('host' in headers) });
    const timer = setTimeout(() => finish({ served: false, failure: `no answer within ${timeoutMs} ms` }), timeoutMs);
    req.on('error', (error) => finish({ served: false, failure: error.message }));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let text = '';
      const judge = () => finish({ status, served: status >= 200 && status < 300 && /"result"\s*:/.test(text) });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        // A result seen, or enough read: an SSE stream may stay open after it.
        if (/"result"\s*:/.test(text) || text.length > MAX_BODY) judge();
      });
      res.on('end', judge);
      res.on('error', judge);
    });
    req.end(body);
  });
}

/**
 * A lean sender for load over Streamable HTTP in the 2026-07-28 era. The general client records
 * every frame and guards every byte for the checks; under load that cost milliseconds a request
 * and measured mcpvet instead of the server. This one takes the era's envelope from a connected
 * client (so `_meta` and the Mcp-* headers are exactly the client's), posts on keep-alive
 * connections, and reads only what a verdict needs: status, the answer to its id, isError.
 * Stateless only: a legacy session can be asked for input mid-request, which the client answers.
 */
import { Pool } from 'undici';
import type { BaseClient } from '../client/base-client.js';
import type { RpcOutcome } from '../client/types.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { TransportError } from '../protocol/transport-error.js';
import { bodyBudget } from '../wire/body-budget.js';
import type { HttpTarget } from '../wire/target.js';

/** An answer bigger than this is cut off and counted as an error: load must not hold a flood. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface Requester {
  request(method: string, params: JsonObject): Promise<RpcOutcome>;
}

/**
 * Keep-alive connections to one instance, shared by every sender to it (undici's Pool: about
 * half the CPU of node:http per request, which is what lets load measure the server).
 * Redirects are not followed: load goes only where it is pointed.
 */
export function connectionPool(url: string, connections: number, timeoutMs: number): Pool {
  // The timeouts bound the wait for headers and each gap in the body: no request waits for ever.
  return new Pool(new URL(url).origin, { connections, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
}

export class LeanHttpSender implements Requester {
  private nextId = 1;
  private readonly baseHeaders: Record<string, string>;
  private readonly path: string;
  /** A step's first request repeats the same params object: its envelope and body are built once. */
  private readonly prepared = new WeakMap<JsonObject, { tail: string; headers: Record<string, string> }>();

  constructor(
    private readonly client: BaseClient,
    target: HttpTarget,
    private readonly pool: Pool,
  ) {
    const given = Object.fromEntries(Object.entries(target.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    this.baseHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...given };
    const url = new URL(target.url);
    this.path = `${url.pathname}${url.search}`;
  }

  async request(method: string, params: JsonObject): Promise<RpcOutcome> {
    let prepared = this.prepared.get(params);
    if (!prepared) {
      const envelope = await this.client.prepare(method, params);
      // Everything after the id: the body is `{"jsonrpc":"2.0","id":N` + tail.
      prepared = {
        tail: `,"method":${JSON.stringify(method)},"params":${JSON.stringify(envelope.params ?? {})}}`,
        headers: { ...this.baseHeaders, ...envelope.headers },
      };
      this.prepared.set(params, prepared);
    }
    const id = this.nextId++;
    const body = `{"jsonrpc":"2.0","id":${id}${prepared.tail}`;
    const { status, contentType, text } = await this.exchange(body, prepared.headers, method);
    const messages = contentType.includes('text/event-stream') ? sseMessages(text) : jsonMessages(text);
    const reply = messages.find((message) => message.id === id && ('result' in message || 'error' in message));
    const outcome: RpcOutcome = { id, notifications: [], http: { status, headers: {}, contentType }, frames: { from: 0, to: 0 } };
    if (reply && isObject(reply.result)) outcome.result = reply.result;
    else if (reply && isObject(reply.error)) outcome.error = reply.error as unknown as RpcOutcome['error'];
    return outcome;
  }

  /**
   * One POST through undici's lowest-level API (no stream per answer: a third of the CPU of
   * `request`). The body is held within the per-answer cap and the process's shared body budget.
   */
  private exchange(body: string, headers: Record<string, string>, method: string): Promise<{ status: number; contentType: string; text: string }> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let status = 0;
      let contentType = '';
      let abort: ((error?: Error) => void) | undefined;
      const fail = (error: TransportError) => {
        bodyBudget.release(size);
        reject(error);
      };
      this.pool.dispatch(
        { path: this.path, method: 'POST', headers, body },
        {
          onConnect: (abortRequest) => {
            abort = abortRequest;
          },
          onHeaders: (statusCode, rawHeaders) => {
            status = statusCode;
            for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
              if (rawHeaders[i]!.toString('latin1').toLowerCase() === 'content-type') contentType = rawHeaders[i + 1]!.toString('latin1');
            }
            return true;
          },
          onData: (chunk) => {
            const tooBig = size + chunk.length > MAX_BODY_BYTES;
            if (tooBig || !bodyBudget.take(chunk.length)) {
              abort?.(
                new TransportError(
                  'protocol',
                  tooBig ? `an answer of more than ${MAX_BODY_BYTES} bytes` : 'answers larger than the memory mcpvet holds for bodies at once',
                ),
              );
              return false;
            }
            size += chunk.length;
            chunks.push(chunk);
            return true;
          },
          onComplete: () => {
            const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
            bodyBudget.release(size);
            resolve({ status, contentType, text });
          },
          onError: (error) => {
            if (error instanceof TransportError) return fail(error);
            const code = (error as { code?: string }).code;
            if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
              return fail(new TransportError('timeout', `no answer to ${method} in time`));
            fail(new TransportError(code === 'ECONNREFUSED' ? 'refused' : 'closed', error.message));
          },
        },
      );
    });
  }
}

function jsonMessages(text: string): JsonObject[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return (Array.isArray(parsed) ? parsed : [parsed]).filter(isObject);
  } catch {
    return [];
  }
}

/** The `data:` of each event, joined per event as SSE says, parsed where it is JSON. */
function sseMessages(text: string): JsonObject[] {
  const messages: JsonObject[] = [];
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
    if (data) messages.push(...jsonMessages(data));
  }
  return messages;
}

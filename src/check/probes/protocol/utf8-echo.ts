/**
 * Sends the era's cheapest request under a string id full of multi-byte UTF-8 (two-, three- and
 * four-byte characters) and returns what came back for it. The answer is found by the id's ASCII
 * head, which survives any mis-decoding, so an answer whose id was mangled is seen, not waited out.
 */
import type { JsonObject, McpClient } from '../../../client/types.js';
import { isObject, isResponse } from '../../../protocol/jsonrpc.js';
import type { Frame } from '../../../wire/trace.js';
import { eraMessage, exchange, probeId } from './probe.js';

/** é (2 bytes), ✓ and 日本 (3 bytes), 🙂 (4 bytes, a surrogate pair in JSON's UTF-16 view). */
export const MULTI_BYTE_TEXT = 'é-✓-日本-🙂';

export interface Utf8Echo {
  id: string;
  /** The ASCII head the answer's id must still start with. */
  head: string;
  /** The frame carrying the answer (a JSON message or, over HTTP, the body that did not parse). */
  answer?: Frame;
  /** Every frame of the exchange, for evidence. */
  frames: Frame[];
  failure?: string;
}

export async function utf8Echo(client: McpClient, timeoutMs: number): Promise<Utf8Echo> {
  const head = `${probeId('utf8')}-`;
  const id = `${head}${MULTI_BYTE_TEXT}`;
  const method = client.era === 'modern' ? 'server/discover' : 'ping';
  const message = eraMessage(client, id, method);
  return client.target.transport === 'http' ? viaHttp(client, message, id, head, timeoutMs) : viaStdio(client, message, id, head, timeoutMs);
}

async function viaHttp(client: McpClient, message: JsonObject, id: string, head: string, timeoutMs: number): Promise<Utf8Echo> {
  const answer = await exchange(client, message, { timeoutMs });
  const received = answer.own.filter((frame) => frame.direction === 'receive');
  const found = received.find((frame) => answersHead(frame, head)) ?? received.find((frame) => frame.kind !== 'message');
  return { id, head, answer: found, frames: answer.own, failure: found ? undefined : (answer.failure ?? 'no answer came back') };
}

/** Any channel timeout is not the verdict: the trace is watched for the id's ASCII head instead. */
function viaStdio(client: McpClient, message: JsonObject, id: string, head: string, timeoutMs: number): Promise<Utf8Echo> {
  const text = JSON.stringify(message);
  const frames: Frame[] = [];
  return new Promise<Utf8Echo>((resolve) => {
    let settled = false;
    const finish = (answer?: Frame, failure?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      resolve({ id, head, answer, frames, failure });
    };
    const unsubscribe = client.trace.subscribe((frame) => {
      if (frame.direction === 'send' && frame.raw === text) frames.push(frame);
      if (frame.direction === 'local' && frame.kind === 'exit') finish(undefined, `the server exited (${frame.raw}) before answering`);
      if (frame.direction !== 'receive' || !frame.raw.includes(head.slice(0, -1))) return;
      if (frame.kind === 'message' && !answersHead(frame, head)) return;
      frames.push(frame);
      finish(frame);
    });
    const timer = setTimeout(() => finish(undefined, `no answer within ${timeoutMs} ms`), timeoutMs);
    client.raw(message, { timeoutMs }).catch(() => undefined);
  });
}

function answersHead(frame: Frame, head: string): boolean {
  return (
    frame.kind === 'message' &&
    isResponse(frame.message) &&
    isObject(frame.message) &&
    typeof frame.message.id === 'string' &&
    frame.message.id.startsWith(head)
  );
}

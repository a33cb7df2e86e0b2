/**
 * The Content-Type of every answer to a request POST matches its body (DIGEST §3: a request is
 * answered with application/json or text/event-stream; clients dispatch on the header). Judged
 * over every such answer of the run, after a few exchanges of its own (a result, an error).
 * Answers to notifications and GETs are other rules' (notification-202, legacy-get-sse-or-405).
 * A body labelled JSON (or SSE data) that does not parse, a JSON body under another type, and a
 * body with no Content-Type are violations; a non-JSON error page under text/* is not. An error
 * status whose body is no JSON-RPC response with an id (a 404 for an unknown session, a 403 for a
 * foreign Origin) is not an answer to a request: the rule does not cover it.
 */
import type { Frame } from '../../../wire/trace.js';
import { defineCheck, pass, violation } from '../../define.js';
import { sendProbe } from '../../probes/http/probe.js';
import { parseJson } from '../../../wire/json-depth.js';
import { isObject } from '../../../protocol/jsonrpc.js';

export default defineCheck({
  id: 'http.content-type-matches',
  title: 'The Content-Type of every response matches its body',
  suite: 'http',
  requirements: ['HTTP-03'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#endpoint-and-request',
  final: true,
  async run(ctx) {
    if (ctx.era === 'modern') {
      await sendProbe(ctx, { method: 'server/discover' });
      await sendProbe(ctx, { method: 'mcpvet/no-such-method' });
    }
    if ('tools' in ctx.client.serverCapabilities) await ctx.client.request('tools/list', {}).catch(() => undefined);

    const problems: { frame: Frame; text: string }[] = [];
    let answers = 0;
    for (const trace of ctx.traces()) {
      const requests = requestExchanges(trace.frames);
      for (const frame of trace.frames) {
        if (frame.direction !== 'receive' || !frame.http || !requests.has(frame.http.exchange)) continue;
        answers++;
        const problem = mismatch(frame);
        if (problem) problems.push({ frame, text: `${frame.http.method} answer ${frame.http.status}: ${problem}` });
      }
    }
    if (problems.length === 0) return pass(`${answers} answer frame(s) to request POSTs, each body matching its Content-Type`);
    const shown = problems.slice(0, 5);
    return violation('body-mismatch', `${problems.length} answer(s) whose body does not match its Content-Type: ${shown.map((p) => p.text).join('; ')}`, [
      { frames: shown.map((p) => p.frame) },
    ]);
  },
});

/** The exchanges whose sent body is a JSON-RPC request (a POST with a method and an id). */
function requestExchanges(frames: readonly Frame[]): Set<number> {
  const exchanges = new Set<number>();
  for (const frame of frames) {
    const message = frame.message;
    if (frame.direction === 'send' && frame.http?.method === 'POST' && isObject(message) && 'method' in message && message.id !== undefined)
      exchanges.add(frame.http.exchange);
  }
  return exchanges;
}

function mismatch(frame: Frame): string | undefined {
  if ((frame.http?.status ?? 200) >= 400 && frame.kind !== 'message' && !answersARequest(frame.raw)) return undefined;
  const type = (frame.http?.contentType ?? '').toLowerCase();
  const isSse = type.startsWith('text/event-stream');
  const isJson = /^application\/([\w.+-]*\+)?json/.test(type);
  if (frame.kind === 'parse-error') {
    return isSse ? 'an SSE event whose data is not JSON' : `the body is labelled ${type || 'nothing'} but is not valid JSON`;
  }
  if (frame.kind === 'message') {
    return isSse || isJson ? undefined : `a JSON-RPC message under Content-Type ${type || '(none)'}`;
  }
  if (frame.kind !== 'http' || frame.raw.trim() === '') return undefined;
  if (!type) return 'a body with no Content-Type';
  if (!isJson && !isSse && looksLikeJson(frame.raw)) return `a JSON body under Content-Type ${type}`;
  return undefined;
}

function looksLikeJson(text: string): boolean {
  try {
    parseJson(text);
    return /^\s*[{[]/.test(text);
  } catch {
    return false;
  }
}

/** A JSON-RPC response with a non-null id: an answer to a request, whatever its label says. */
function answersARequest(text: string): boolean {
  try {
    const body = JSON.parse(text) as { jsonrpc?: unknown; id?: unknown };
    return typeof body === 'object' && body !== null && body.jsonrpc === '2.0' && body.id !== undefined && body.id !== null;
  } catch {
    return false;
  }
}

/** Faults on an HTTP upstream: the HTTP proxy and HTTP replay. */
import { isNotification, isObject, isRequest, isResponse, type JsonObject } from '../protocol/jsonrpc.js';
import type { HttpRequestIn, HttpResponseOut, HttpUpstream, SseEvent } from '../relay/http-upstream.js';
import { describeInjection, half, injectedError, injectedToolError, malformedText } from './effects.js';
import type { FaultLogger } from './lines.js';
import type { FaultPlan } from './plan.js';
import { parseJson } from '../wire/json-depth.js';

export class FaultyHttp implements HttpUpstream {
  constructor(
    private readonly inner: HttpUpstream,
    private readonly plan: FaultPlan,
    private readonly log: FaultLogger = () => {},
  ) {}

  async handle(request: HttpRequestIn): Promise<HttpResponseOut> {
    const message = request.method === 'POST' ? parse(request.body) : undefined;
    if (message && isNotification(message) && this.plan.drops(message)) {
      this.log(describeInjection('drop', message));
      return { status: 202, headers: {}, body: { type: 'none' } };
    }
    const rule = message && isRequest(message) ? this.plan.forRequest(message) : undefined;
    if (!message || !rule) return this.dropNotifications(await this.inner.handle(request));
    this.log(describeInjection(rule.action.kind, message));
    const { action } = rule;
    switch (action.kind) {
      case 'timeout':
        return never(request.signal);
      case 'delay':
        await sleep(action.ms, request.signal);
        return this.dropNotifications(await this.inner.handle(request));
      case 'disconnect':
        return { status: 0, headers: {}, body: { type: 'hang-up' } };
      case 'malformed':
        return { status: 200, headers: { 'content-type': 'application/json' }, body: { type: 'text', text: malformedText(message) } };
      case 'truncate':
        return truncated(await this.inner.handle(request));
      case 'error':
        return json(injectedError(message, action.code));
      case 'is-error':
        return message.method === 'tools/call' ? json(injectedToolError(message)) : this.dropNotifications(await this.inner.handle(request));
      case 'http':
        return { status: action.status, headers: { 'content-type': 'text/plain' }, body: { type: 'text', text: `mcpvet fault: HTTP ${action.status}` } };
      default:
        return this.dropNotifications(await this.inner.handle(request));
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** `drop` also loses notifications the server sends on an SSE answer. */
  private dropNotifications(response: HttpResponseOut): HttpResponseOut {
    if (response.body.type !== 'sse') return response;
    const { events } = response.body;
    const plan = this.plan;
    const log = this.log;
    async function* filtered(): AsyncGenerator<SseEvent> {
      for await (const event of events) {
        const message = parse(event.data);
        if (message && isNotification(message) && plan.drops(message)) {
          log(describeInjection('drop', message));
          continue;
        }
        yield event;
      }
    }
    return { ...response, body: { type: 'sse', events: filtered() } };
  }
}

/** Half the answer, then the connection drops: a JSON body is cut in the middle, an SSE stream at its response. */
function truncated(response: HttpResponseOut): HttpResponseOut {
  const body = response.body;
  if (body.type === 'text') return { ...response, body: { type: 'cut', text: half(body.text) } };
  if (body.type !== 'sse') return response;
  const { events } = body;
  async function* cutAtResponse(): AsyncGenerator<SseEvent> {
    for await (const event of events) {
      const message = parse(event.data);
      if (message && isResponse(message)) {
        yield { ...event, cut: true };
        return;
      }
      yield event;
    }
  }
  return { ...response, body: { type: 'sse', events: cutAtResponse() } };
}

function json(message: JsonObject): HttpResponseOut {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: { type: 'text', text: JSON.stringify(message) } };
}

/** Never answers; rejects when the client gives up, so nothing is left waiting. */
function never(signal: AbortSignal): Promise<HttpResponseOut> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) return reject(new Error('client gone'));
    signal.addEventListener('abort', () => reject(new Error('client gone')), { once: true });
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('client gone'));
      },
      { once: true },
    );
  });
}

function parse(text: string): JsonObject | undefined {
  try {
    const value: unknown = parseJson(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

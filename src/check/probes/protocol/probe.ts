/**
 * Probes shared by the protocol, errors and stdio suites: exact messages with the era's envelope
 * and HTTP headers, and the answer exactly as it came back (its id included, which RpcOutcome
 * does not keep). Over stdio the answer is found by watching the trace, so a response with the
 * wrong id (or id null) is seen at once instead of ending in a timeout.
 */
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import type { JsonObject, McpClient, RpcOutcome } from '../../../client/types.js';
import { errorCodeName } from '../../../protocol/errors.js';
import { modernHeaders } from '../../../protocol/headers.js';
import { isObject, isResponse } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { Frame } from '../../../wire/trace.js';
import { curlFor } from '../../curl.js';
import type { Evidence } from '../../types.js';

export type Id = string | number | null;

let counter = 0;
/** String ids never collide with the client's own integer ids. */
export const probeId = (name: string): string => `mcpvet-${name}-${++counter}`;

/** The modern `_meta` envelope as mcpvet sends it, with `overrides` applied and `drop` keys left out. */
export function modernMeta(client: McpClient, overrides: JsonObject = {}, drop: string[] = []): JsonObject {
  const meta: JsonObject = {
    [META.protocolVersion]: client.protocolVersion,
    [META.clientCapabilities]: {},
    [META.clientInfo]: MCPVET_CLIENT_INFO,
    ...overrides,
  };
  for (const key of drop) delete meta[key];
  return meta;
}

/** A request (or, with id undefined, a notification) in the client's era: modern ones carry `_meta`. */
export function eraMessage(client: McpClient, id: string | number | undefined, method: string, params: JsonObject = {}): JsonObject {
  const withMeta = client.era === 'modern' ? { ...params, _meta: { ...modernMeta(client), ...(params._meta as JsonObject | undefined) } } : params;
  const message: JsonObject = { jsonrpc: '2.0' };
  if (id !== undefined) message.id = id;
  message.method = method;
  if (client.era === 'modern' || Object.keys(withMeta).length > 0) message.params = withMeta;
  return message;
}

/** HTTP headers a modern probe needs (derived from the body as a client would); legacy ones use the session's defaults. */
export function probeHeaders(client: McpClient, message: JsonObject | string): Record<string, string> | undefined {
  if (client.target.transport !== 'http' || client.era !== 'modern') return undefined;
  if (typeof message === 'string' || typeof message.method !== 'string') return { 'mcp-protocol-version': client.protocolVersion };
  const params = isObject(message.params) ? message.params : undefined;
  const meta = params && isObject(params._meta) ? params._meta : {};
  const version = typeof meta[META.protocolVersion] === 'string' ? (meta[META.protocolVersion] as string) : client.protocolVersion;
  return modernHeaders({ protocolVersion: version, method: message.method, params, isNotification: !('id' in message) });
}

export interface Answer {
  /** The response message exactly as received; undefined when none came within the wait. */
  response?: JsonObject;
  http?: RpcOutcome['http'];
  /** The trace range the exchange spans (other traffic on a shared connection may lie inside it). */
  frames: { from: number; to: number };
  /** This exchange's own frames: what was sent, and what came back for it. */
  own: Frame[];
  /** Why nothing came back (timeout, the server exited). */
  failure?: string;
  /** Nothing came back within the wait: silence, which tells nothing by itself under load. */
  timedOut?: boolean;
}

export interface ExchangeOptions {
  /** stdio: which response ids count as the answer (default: the message's id, and null). */
  ids?: Id[];
  timeoutMs: number;
  /** HTTP: headers instead of the derived ones. */
  headers?: Record<string, string | null>;
  /** stdio: stop waiting when this settles, with its value as the reason. */
  giveUp?: Promise<string>;
}

/**
 * Sends exactly `message` and returns the answer as it came back. The exchange's own frames are
 * picked out of the trace by identity (the sent text; then the HTTP exchange number, or the
 * response id on stdio), since checks running at the same time share the connection.
 */
export async function exchange(client: McpClient, message: JsonObject | string, options: ExchangeOptions): Promise<Answer> {
  const text = typeof message === 'string' ? message : JSON.stringify(message);
  let sent: Frame | undefined;
  const stopWatching = client.trace.subscribe((frame) => {
    if (!sent && frame.direction === 'send' && frame.raw === text) sent = frame;
  });
  try {
    return client.target.transport === 'http'
      ? await exchangeHttp(client, message, options, () => sent)
      : await exchangeStdio(client, message, options, () => sent);
  } finally {
    stopWatching();
  }
}

async function exchangeHttp(client: McpClient, message: JsonObject | string, options: ExchangeOptions, sent: () => Frame | undefined): Promise<Answer> {
  const from = client.trace.length;
  let failure: string | undefined;
  let timedOut: boolean | undefined;
  let http: Answer['http'];
  try {
    const outcome = await client.raw(message, { headers: options.headers ?? probeHeaders(client, message), timeoutMs: options.timeoutMs });
    http = outcome?.http;
    if (!outcome) failure = 'nothing came back';
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    failure = error.message;
    if (error.kind === 'timeout') timedOut = true;
  }
  const request = sent();
  const number = request?.http?.exchange;
  const received = number === undefined ? [] : client.trace.since(from).filter((frame) => frame !== request && frame.http?.exchange === number);
  // An answer carrying another id is no answer (the channel said so in `failure`), as on stdio.
  const sentId = typeof message === 'string' ? undefined : message.id;
  const answers = (candidate: unknown) =>
    sentId === undefined ||
    sentId === null ||
    !isObject(candidate) ||
    candidate.id === null ||
    candidate.id === undefined ||
    String(candidate.id) === String(sentId);
  const responseFrame = received.find((frame) => frame.kind === 'message' && isResponse(frame.message) && answers(frame.message));
  return {
    response: responseFrame?.message as JsonObject | undefined,
    http,
    frames: { from, to: client.trace.length - 1 },
    own: [...(request ? [request] : []), ...received],
    failure,
    timedOut,
  };
}

function exchangeStdio(client: McpClient, message: JsonObject | string, options: ExchangeOptions, sent: () => Frame | undefined): Promise<Answer> {
  const from = client.trace.length;
  const sentId = typeof message === 'string' ? undefined : (message.id as Id | undefined);
  const wanted = new Set((options.ids ?? [sentId ?? null, null]).map((id) => String(id)));
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const finish = (answer: { response?: JsonObject; failure?: string; timedOut?: boolean }, last?: Frame): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      const request = sent();
      resolve({ ...answer, own: [...(request ? [request] : []), ...(last ? [last] : [])], frames: { from, to: last?.seq ?? client.trace.length - 1 } });
    };
    const unsubscribe = client.trace.subscribe((frame) => {
      if (frame.direction === 'local' && frame.kind === 'exit') finish({ failure: `the server exited (${frame.raw}) before answering` }, frame);
      if (frame.direction !== 'receive' || frame.kind !== 'message' || !isResponse(frame.message)) return;
      const response = frame.message as unknown as JsonObject;
      if (wanted.has(String(response.id ?? null))) finish({ response }, frame);
    });
    const timer = setTimeout(() => finish({ failure: `no answer within ${options.timeoutMs} ms`, timedOut: true }), options.timeoutMs);
    void options.giveUp?.then((reason) => finish({ failure: reason }));
    // The channel also waits for the id it knows; its own timeout is not the verdict here, the wait above is.
    client.raw(message, { timeoutMs: options.timeoutMs }).catch((error: Error) => {
      if (!(error instanceof TransportError) || error.kind !== 'timeout') finish({ failure: error.message });
    });
  });
}

/** How long an answer may still come after a request sent behind it was answered. */
const OVERTAKEN_GRACE_MS = 500;

/**
 * Like exchange, for probes a server may leave unanswered (unparsable or invalid input): over
 * stdio a valid request follows right behind the probe, and once that one is answered the probe
 * gets OVERTAKEN_GRACE_MS more instead of the whole timeout. Silence is then the finding.
 */
export function exchangeOrOvertaken(client: McpClient, message: JsonObject | string, options: ExchangeOptions): Promise<Answer> {
  if (client.target.transport !== 'stdio') return exchange(client, message, options);
  let giveUp!: (reason: string) => void;
  const probe = exchange(client, message, { ...options, giveUp: new Promise<string>((resolve) => (giveUp = resolve)) });
  const method = client.era === 'modern' ? 'server/discover' : 'ping';
  const followId = probeId('overtake');
  // Sent after the probe (exchange writes synchronously); only its own id counts as its answer.
  let grace: NodeJS.Timeout | undefined;
  let settled = false;
  void exchange(client, eraMessage(client, followId, method), { timeoutMs: options.timeoutMs, ids: [followId] }).then((follow) => {
    if (follow.response && !settled) grace = setTimeout(() => giveUp(`no answer, though the ${method} sent right after it was answered`), OVERTAKEN_GRACE_MS);
  });
  // An answered probe needs no grace: a timer left running kept the CLI from exiting for 0.5 s.
  return probe.finally(() => {
    settled = true;
    clearTimeout(grace);
  });
}

/**
 * The Answer of a request sent through McpClient.request (which adds the era's envelope and the
 * tool-specific HTTP headers), with its own frames picked out of the shared trace by id.
 */
export function answerOfOutcome(client: McpClient, outcome: RpcOutcome): Answer {
  const frames = client.trace.range(outcome.frames.from, outcome.frames.to);
  const idOf = (frame: Frame): unknown => (isObject(frame.message) ? frame.message.id : undefined);
  const request = frames.find((frame) => frame.direction === 'send' && idOf(frame) === outcome.id);
  const number = request?.http?.exchange;
  const own = frames.filter(
    (frame) => frame === request || (number !== undefined ? frame.http?.exchange === number : frame.direction === 'receive' && idOf(frame) === outcome.id),
  );
  const responseFrame = own.find((frame) => frame.direction === 'receive' && frame.kind === 'message' && isResponse(frame.message));
  return { response: responseFrame?.message as JsonObject | undefined, http: outcome.http, frames: outcome.frames, own };
}

/** Nothing came back within the wait: silence, which shows nothing about a rule by itself. */
export const silent = (answer: Answer): boolean => answer.response === undefined && answer.timedOut === true;

/** Evidence of one exchange: its own frames, and for HTTP a curl command reproducing the request. */
export function evidenceOf(answer: Answer): Evidence {
  const request = answer.own.find((frame) => frame.direction === 'send');
  return { frames: answer.own, curl: request?.http ? curlFor(request) : undefined };
}

export function errorOf(answer: Answer): { code: unknown; message: unknown; data?: unknown } | undefined {
  return answer.response && isObject(answer.response.error) ? (answer.response.error as never) : undefined;
}

export function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** What came back, in words: "HTTP 400, error -32602 (InvalidParams) "..." data {...}". */
export function describeAnswer(answer: Answer): string {
  const parts: string[] = [];
  if (answer.http) parts.push(`HTTP ${answer.http.status}`);
  const response = answer.response;
  const error = errorOf(answer);
  if (!response) parts.push(answer.failure ?? 'no JSON-RPC response');
  else if (error) {
    const code = typeof error.code === 'number' ? `${error.code} (${errorCodeName(error.code)})` : JSON.stringify(error.code);
    const data = error.data === undefined ? '' : ` data ${clip(JSON.stringify(error.data), 160)}`;
    parts.push(`error ${code} "${clip(String(error.message), 120)}"${data}`);
  } else parts.push(`a result ${clip(JSON.stringify(response.result), 160)}`);
  return parts.join(', ');
}

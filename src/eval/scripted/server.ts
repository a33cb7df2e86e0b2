/**
 * The scripted model: a real HTTP server on 127.0.0.1 that speaks OpenAI's chat completions
 * (`POST /v1/chat/completions`) and Anthropic's Messages (`POST /v1/messages`), streaming or not,
 * and replies as its script says (or by the lexical policy), so an eval runs offline through the
 * real provider code. It keeps no session: each request carries its whole conversation.
 *
 * Like every mcpvet listener it checks Host and Origin (listener-guard.ts), so a web page cannot
 * drive it; it needs no token (a provider's base URL cannot carry one) because it holds no secret.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListenerGuard } from '../../relay/listener-guard.js';
import { anthropicError, anthropicEvents, anthropicMessage } from './anthropic-wire.js';
import { type Conversation, readAnthropicRequest, readOpenAIRequest } from './conversation.js';
import { openaiChunks, openaiCompletion, openaiError } from './openai-wire.js';
import { lexicalPolicy, ScriptedPolicy } from './reply.js';
import { compileScript, type ScriptedModelScript } from './script.js';
import { readRequestBody } from '../../wire/request-body.js';

export type ModelProtocol = 'openai' | 'anthropic';

export interface ScriptedModelOptions {
  /** The replies; without one, every reply comes from the lexical policy. Validated here (ScriptError). */
  script?: ScriptedModelScript;
  /** With a script: the lexical policy answers what no rule matches (whatever the script's fallback). */
  lexical?: boolean;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Largest request body (default 4 MiB; 413 beyond). */
  maxBodyBytes?: number;
  /** How many request bodies `requests()` keeps, the newest (default 1000). */
  logLimit?: number;
  /** And at most this many bytes of them (default 64 MiB; the newest is always kept). */
  logBytes?: number;
}

export interface ScriptedModel {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The base URL of the OpenAI-compatible providers: url + '/v1'. */
  openaiBaseUrl: string;
  /** The base URL of the Anthropic provider: url + '/v1'. */
  anthropicBaseUrl: string;
  /** The parsed bodies of the model requests so far (the newest `logLimit`), oldest first. */
  requests(): Array<{ protocol: ModelProtocol; body: unknown }>;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const MODELS = {
  object: 'list',
  data: [
    {
      id: 'scripted',
      object: 'model',
      type: 'model',
      created: 0,
      created_at: '1970-01-01T00:00:00Z',
      display_name: 'mcpvet scripted model',
      owned_by: 'mcpvet',
    },
  ],
  has_more: false,
  first_id: 'scripted',
  last_id: 'scripted',
};

export async function startScriptedModel(options: ScriptedModelOptions = {}): Promise<ScriptedModel> {
  const policy = policyFor(options);
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const log = new RequestLog(options.logLimit ?? 1000, options.logBytes ?? 64 * 1024 * 1024);
  let guard: ListenerGuard | undefined;
  let served = 0;

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/';
    const protocol: ModelProtocol = url.startsWith('/v1/messages') ? 'anthropic' : 'openai';
    const verdict = guard?.check({
      method: req.method ?? 'GET',
      url,
      host: req.headers.host,
      origin: req.headers.origin,
      contentType: req.headers['content-type'],
    });
    // The body of a refused request is never read: the connection is closed instead.
    if (!verdict?.ok) return sendError(res, protocol, verdict?.status ?? 503, verdict?.message ?? 'not ready', true);
    const path = verdict.path.split('?')[0];
    const route = ROUTES[path as keyof typeof ROUTES];
    if (!route) return sendError(res, protocol, 404, `no such path: ${path} (this server has POST /v1/chat/completions, POST /v1/messages, GET /v1/models)`);
    if (req.method !== route.method) return sendError(res, protocol, 405, `${path} takes ${route.method}, not ${req.method}`);
    if (route.method === 'GET') return sendJson(res, 200, MODELS);
    const text = await readRequestBody(req, maxBody);
    if (text === undefined) return sendError(res, protocol, 413, `the request body is over ${maxBody} bytes`, true);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return sendError(res, protocol, 400, `the request body is not JSON: ${(error as Error).message}`);
    }
    const conversation = protocol === 'openai' ? readOpenAIRequest(body) : readAnthropicRequest(body);
    if (typeof conversation === 'string') return sendError(res, protocol, 400, conversation);
    log.add({ protocol, body }, text.length);
    served += 1;
    sendReply(res, protocol, conversation, policy.reply(conversation), served, body);
  };

  const server = createServer((req, res) => {
    answer(req, res).catch((error) => {
      if (res.headersSent) res.destroy();
      else sendError(res, 'openai', 500, `the scripted model failed: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  guard = new ListenerGuard(port, undefined);
  const url = `http://${HOST}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: `${url}/v1`,
    requests: () => log.entries(),
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

/** The newest request bodies, bounded in count and in size. */
class RequestLog {
  private readonly kept: Array<{ entry: { protocol: ModelProtocol; body: unknown }; size: number }> = [];
  private bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly maxBytes: number,
  ) {}

  add(entry: { protocol: ModelProtocol; body: unknown }, size: number): void {
    this.kept.push({ entry, size });
    this.bytes += size;
    while (this.kept.length > 1 && (this.kept.length > this.limit || this.bytes > this.maxBytes)) this.bytes -= this.kept.shift()!.size;
  }

  entries(): Array<{ protocol: ModelProtocol; body: unknown }> {
    return this.kept.map(({ entry }) => entry);
  }
}

const ROUTES = {
  '/v1/chat/completions': { method: 'POST' },
  '/v1/messages': { method: 'POST' },
  '/v1/models': { method: 'GET' },
} as const;

function policyFor(options: ScriptedModelOptions): ScriptedPolicy {
  if (options.script === undefined) return lexicalPolicy();
  const script = compileScript(options.script, 'script');
  return new ScriptedPolicy(options.lexical ? { ...script, fallback: 'lexical' } : script);
}

function sendReply(
  res: ServerResponse,
  protocol: ModelProtocol,
  conversation: Conversation,
  reply: ReturnType<ScriptedPolicy['reply']>,
  serial: number,
  body: unknown,
): void {
  if (protocol === 'openai') {
    const id = `chatcmpl-mcpvet-${serial}`;
    if (!conversation.stream) return sendJson(res, 200, openaiCompletion(reply, conversation, id));
    return sendEvents(
      res,
      openaiChunks(reply, conversation, id, body).map((data) => `data: ${data}\n\n`),
    );
  }
  const id = `msg_mcpvet_${serial}`;
  if (!conversation.stream) return sendJson(res, 200, anthropicMessage(reply, conversation, id));
  sendEvents(
    res,
    anthropicEvents(reply, conversation, id).map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
  );
}

function sendEvents(res: ServerResponse, events: string[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  // One write per event, as a real provider streams them.
  for (const event of events) res.write(event);
  res.end();
}

function sendJson(res: ServerResponse, status: number, value: unknown, close = false): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...(close ? { connection: 'close' } : {}) });
  res.end(text);
}

function sendError(res: ServerResponse, protocol: ModelProtocol, status: number, message: string, close = false): void {
  sendJson(res, status, protocol === 'openai' ? openaiError(status, message) : anthropicError(status, message), close);
}

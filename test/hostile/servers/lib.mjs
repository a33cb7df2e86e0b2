/**
 * What every hostile server shares: valid answers to the handshake of either era, so that each
 * server can misbehave only where its behaviour says, and a small stdio line loop.
 */
import { createInterface } from 'node:readline';

export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';
const serverInfo = { name: 'hostile', version: '0.0.1' };

/** A read-only tool that checks may call (readOnlyHint, no open world). */
export const probeTool = {
  name: 'probe',
  description: 'Returns a short text. Used by the hostile-server tests.',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

export function discoverResult() {
  return {
    resultType: 'complete',
    supportedVersions: [MODERN, LEGACY],
    capabilities: { tools: {} },
    ttlMs: 0,
    cacheScope: 'public',
    _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo },
  };
}

export function initializeResult() {
  return { protocolVersion: LEGACY, capabilities: { tools: {} }, serverInfo };
}

/** The era a request was sent in: modern requests carry the protocol version in `_meta`. */
export function isModern(message) {
  return Boolean(message?.params?._meta?.['io.modelcontextprotocol/protocolVersion']);
}

/** A result in the shape of the request's era. */
export function result(message, body) {
  return isModern(message) ? { resultType: 'complete', ttlMs: 0, cacheScope: 'public', ...body } : body;
}

export function response(message, body) {
  return { jsonrpc: '2.0', id: message.id, result: result(message, body) };
}

/** The answer a well-behaved server gives, or undefined for a notification or an unknown method. */
export function normalAnswer(message, tools = [probeTool]) {
  switch (message.method) {
    case 'server/discover':
      return { jsonrpc: '2.0', id: message.id, result: discoverResult() };
    case 'initialize':
      return { jsonrpc: '2.0', id: message.id, result: initializeResult() };
    case 'ping':
      return { jsonrpc: '2.0', id: message.id, result: {} };
    case 'tools/list':
      return response(message, { tools });
    case 'tools/call':
      return response(message, { content: [{ type: 'text', text: 'ok' }], isError: false });
    default:
      if (message.id === undefined) return undefined;
      return { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `no method ${message.method}` } };
  }
}

export function isHandshake(message) {
  return message.method === 'server/discover' || message.method === 'initialize' || message.method === 'notifications/initialized' || message.method === 'ping';
}

export function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

/** Calls onMessage for every JSON line on stdin; a line that is not JSON is ignored. */
export function onStdinMessages(onMessage, { exitOnEof = true } = {}) {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    onMessage(message);
  });
  // Exit once what is already written has left (a large answer may still be queued).
  if (exitOnEof) lines.on('close', () => process.stdout.write('', () => process.exit(0)));
}

/** The first command-line argument: which behaviour of the family this process shows. */
export function mode(modes) {
  const chosen = process.argv[2];
  if (!modes.includes(chosen)) {
    process.stderr.write(`usage: node ${process.argv[1]} ${modes.join('|')}\n`);
    process.exit(64);
  }
  return chosen;
}

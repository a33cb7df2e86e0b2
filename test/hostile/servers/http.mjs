/**
 * A Streamable HTTP server that answers the handshake (server/discover, initialize) properly and
 * misbehaves on every other request in the way its mode says; `www-authenticate`, `huge-headers`
 * and the redirects misbehave on every request. Prints `hostile listening on URL` to stderr.
 * `node http.mjs MODE [REDIRECT_TARGET]`; mode `count` is a normal server that logs `hit` to
 * stderr on every request (the "elsewhere" a redirect must never reach).
 */
import { createServer } from 'node:http';
import { createGzip } from 'node:zlib';
import { isHandshake, mode, normalAnswer } from './lib.mjs';

const behaviour = mode([
  'count',
  'slow-drip-sse',
  'endless-chunked',
  'length-lie',
  'redirect-loop',
  'redirect-elsewhere',
  'huge-headers',
  'www-authenticate',
  'content-type-lie',
  'reset',
  'gzip-bomb',
  'sse-flood',
  'sse-ends',
  'wrong-id',
]);
const redirectTarget = process.argv[3];
const always = ['www-authenticate', 'huge-headers', 'redirect-loop', 'redirect-elsewhere'];
const gzipBomb = behaviour === 'gzip-bomb' ? await gzipOfZeros(128 * 1024 * 1024) : undefined;

const server = createServer((request, res) => {
  if (behaviour === 'count') process.stderr.write('hit\n');
  if (request.method !== 'POST') {
    res.writeHead(405, { Allow: 'POST' }).end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let message;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res
        .writeHead(400, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    const answer = normalAnswer(message);
    if (behaviour === 'count' || (!always.includes(behaviour) && (isHandshake(message) || !answer))) {
      if (!answer) res.writeHead(202).end();
      else json(res, answer);
      return;
    }
    misbehave(request, res, message, answer);
  });
});

function json(res, message, headers = {}) {
  res.writeHead(200, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(message));
}

function sseEvent(message) {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

const logNotification = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x'.repeat(1000) } };

function misbehave(request, res, message, answer) {
  const url = `http://${request.headers.host}${request.url}`;
  switch (behaviour) {
    case 'slow-drip-sse': {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const drip = setInterval(() => res.write(': still thinking\n\n'), 200);
      res.on('close', () => clearInterval(drip));
      return;
    }
    case 'endless-chunked': {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"jsonrpc":"2.0","id":' + JSON.stringify(message.id) + ',"result":{"tools":[');
      const filler = '{"name":"t","inputSchema":{"type":"object"}},'.repeat(1000);
      const more = () => {
        if (res.destroyed) return;
        if (res.write(filler)) setImmediate(more);
        else res.once('drain', more);
      };
      more();
      return;
    }
    case 'length-lie': {
      const body = JSON.stringify(answer);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length + 100_000) });
      res.write(body);
      return; // never ends: the client waits for 100,000 bytes that never come
    }
    case 'redirect-loop':
      res.writeHead(307, { Location: url }).end();
      return;
    case 'redirect-elsewhere':
      res.writeHead(307, { Location: redirectTarget }).end();
      return;
    case 'huge-headers':
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Padding': 'p'.repeat(100_000) }).end(JSON.stringify(answer));
      return;
    case 'www-authenticate':
      res.writeHead(401, {
        'Content-Type': 'application/json',
        'WWW-Authenticate': `Bearer realm="hostile", error="invalid_token", error_description="${'d'.repeat(12 * 1024)}"`,
      });
      res.end(JSON.stringify({ error: 'unauthorized' }));
      return;
    case 'content-type-lie':
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(`<html><body>${JSON.stringify(answer)}</body></html>`);
      return;
    case 'reset':
      request.socket.destroy();
      return;
    case 'gzip-bomb':
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': String(gzipBomb.length) }).end(gzipBomb);
      return;
    case 'sse-flood': {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const burst = sseEvent(logNotification).repeat(64);
      const more = () => {
        if (res.destroyed) return;
        if (res.write(burst)) setImmediate(more);
        else res.once('drain', more);
      };
      more();
      return;
    }
    case 'sse-ends':
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(sseEvent(logNotification) + sseEvent(logNotification));
      return;
    case 'wrong-id':
      json(res, { ...answer, id: typeof message.id === 'number' ? message.id + 1000 : `${message.id}-x` });
      return;
  }
}

/** `size` zero bytes, gzipped (about 600 KB for 128 MB), built without holding them. */
function gzipOfZeros(size) {
  return new Promise((resolve, reject) => {
    const gzip = createGzip({ level: 1 });
    const out = [];
    gzip.on('data', (chunk) => out.push(chunk));
    gzip.on('end', () => resolve(Buffer.concat(out)));
    gzip.on('error', reject);
    const zeros = Buffer.alloc(1024 * 1024);
    let left = size / zeros.length;
    const more = () => {
      while (left > 0) {
        left--;
        if (!gzip.write(zeros)) return gzip.once('drain', more);
      }
      gzip.end();
    };
    more();
  });
}

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stderr.write(`hostile listening on http://127.0.0.1:${port}/mcp\n`);
});

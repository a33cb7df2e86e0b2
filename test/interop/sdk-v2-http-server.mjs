// The same server over Streamable HTTP with the SDK's createMcpHandler, bridged to node:http on
// 127.0.0.1. Prints `sdk-v2 listening on URL` on stderr when ready. Interop target only.
import { createServer as createHttpServer } from 'node:http';
import { Readable } from 'node:stream';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createServer } from './sdk-v2-server-factory.mjs';

const handler = createMcpHandler(createServer);

const http = createHttpServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const request = new Request(`http://127.0.0.1${req.url}`, {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, value]) =>
      Array.isArray(value) ? value.map((v) => [name, v]) : value === undefined ? [] : [[name, value]],
    ),
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
  });
  const response = await handler.fetch(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) Readable.fromWeb(response.body).pipe(res);
  else res.end();
});
http.listen(0, '127.0.0.1', () => process.stderr.write(`sdk-v2 listening on http://127.0.0.1:${http.address().port}/mcp\n`));
process.on('SIGTERM', () => process.exit(0));

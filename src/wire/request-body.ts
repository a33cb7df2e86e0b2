/** The body of a request to one of mcpvet's own listeners, bounded whatever the client sends. */
import type { IncomingMessage } from 'node:http';

/**
 * The body as text, or undefined once it passes `limit` bytes (the rest is read and dropped,
 * never kept). Rejects when the client goes before the end of its body, so no wait is left open.
 */
export function readRequestBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('the client closed the connection before the end of the request'));
    });
  });
}

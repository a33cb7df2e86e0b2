/** A curl command that reproduces an HTTP request frame, with credentials redacted. */
import type { Frame } from '../wire/trace.js';

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key']);

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlFor(frame: Frame): string | undefined {
  if (!frame.http || frame.direction !== 'send') return undefined;
  const parts = ['curl', '-sS', '-i', '-X', frame.http.method, quote(frame.http.url)];
  for (const [name, value] of Object.entries(frame.http.headers)) {
    parts.push('-H', quote(`${name}: ${SECRET_HEADERS.has(name) ? 'REDACTED' : value}`));
  }
  if (frame.raw) parts.push('--data-raw', quote(frame.raw));
  return parts.join(' ');
}

/** Writes the frames of a client's trace to a cassette (for `record --script`, where mcpvet is the client). */
import type { Frame, Trace } from '../wire/trace.js';
import type { CassetteFrame } from '../relay/cassette-format.js';
import type { CassetteWriter } from './writer.js';

const KINDS = new Set<string>(['message', 'parse-error', 'pollution', 'stderr', 'http', 'exit']);

export function recordTrace(trace: Trace, writer: CassetteWriter): () => void {
  return trace.subscribe((frame) => {
    const converted = toCassetteFrame(frame);
    if (converted) writer.write(converted);
  });
}

function toCassetteFrame(frame: Frame): Parameters<CassetteWriter['write']>[0] | undefined {
  // Local frames are the client's own observations (timeouts), except the server's exit.
  if (!KINDS.has(frame.kind) || (frame.direction === 'local' && frame.kind !== 'exit')) return undefined;
  const dir: CassetteFrame['dir'] = frame.direction === 'send' ? 'client' : 'server';
  const raw = frame.truncated && frame.message !== undefined ? JSON.stringify(frame.message) : frame.raw;
  const out: Parameters<CassetteWriter['write']>[0] = { dir, kind: frame.kind as CassetteFrame['kind'], raw };
  if (frame.http) {
    const url = new URL(frame.http.url);
    out.http = { exchange: frame.http.exchange, method: frame.http.method, path: url.pathname + url.search, headers: frame.http.headers };
    if (frame.http.status !== undefined) out.http.status = frame.http.status;
  }
  return out;
}

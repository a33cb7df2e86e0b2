/**
 * Of a burst of notifications (a real server sending 5,000 for one tools/list, over stdio and over
 * HTTP) the trace keeps the first KEPT_PER_BURST and one frame counting the rest, while its
 * listeners still see every one; the answer after the burst is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/connect.js';
import { KEPT_PER_BURST } from '../../src/wire/notification-burst.js';
import type { Frame } from '../../src/wire/trace.js';
import type { Target } from '../../src/wire/target.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const COUNT = 5000;
const env = { FLOOD_COUNT: String(COUNT) };
let http: RunningServer;

beforeAll(async () => {
  http = await startHttpServer(fixture('notification-flood'), [], env);
});
afterAll(() => http?.stop());

const isFlood = (frame: Frame) => frame.direction === 'receive' && (frame.message as { method?: string } | undefined)?.method === 'notifications/message';

async function listThroughFlood(target: Target) {
  const client = await connect(target, { era: 'modern', timeoutMs: 30_000 });
  const seen: Frame[] = [];
  const stop = client.trace.subscribe((frame) => seen.push(frame));
  try {
    const from = client.trace.length;
    const outcome = await client.request('tools/list', {});
    return { tools: (outcome.result?.tools as unknown[] | undefined) ?? [], kept: client.trace.since(from), seen };
  } finally {
    stop();
    await client.close();
  }
}

describe('a burst of notifications in the trace', () => {
  const targets: Record<string, () => Target> = {
    stdio: () => ({ transport: 'stdio', command: process.execPath, args: [fixture('notification-flood')], env }),
    http: () => ({ transport: 'http', url: http.url }),
  };
  for (const [name, target] of Object.entries(targets)) {
    it(`${name}: keeps the first ${KEPT_PER_BURST}, counts the rest, and passes every one to listeners`, { timeout: 60_000 }, async () => {
      const { tools, kept, seen } = await listThroughFlood(target());
      expect(tools.length).toBeGreaterThan(0);
      expect(seen.filter(isFlood)).toHaveLength(COUNT);
      expect(kept.filter(isFlood)).toHaveLength(KEPT_PER_BURST);
      const notes = kept.filter((frame) => frame.detail?.reason === 'burst-not-kept');
      expect(notes.map((frame) => frame.detail)).toEqual([{ reason: 'burst-not-kept', notKept: COUNT - KEPT_PER_BURST, kept: KEPT_PER_BURST }]);
      // The answer that ended the burst is kept, after the note.
      const answer = kept.findIndex((frame) => frame.direction === 'receive' && (frame.message as { id?: unknown } | undefined)?.id !== undefined);
      expect(answer).toBeGreaterThan(kept.indexOf(notes[0] as Frame));
    });
  }
});

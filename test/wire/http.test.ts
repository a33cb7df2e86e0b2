import { describe, expect, it } from 'vitest';
import { BodyBudget } from '../../src/wire/body-budget.js';
import { HttpFailure, httpExchange } from '../../src/wire/http.js';
import { Trace } from '../../src/wire/trace.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

describe('HTTP wire against a hostile server', () => {
  for (const [name, env] of [
    ['an endless JSON body', {}],
    ['an endless SSE event', { HUGE_BODY_SSE: '1' }],
  ] as const) {
    it(`stops reading ${name} at the cap instead of exhausting memory`, async () => {
      const server = await startHttpServer(fixture('huge-body-server'), [], env);
      const trace = new Trace();
      try {
        const before = process.memoryUsage().rss;
        const failure = await httpExchange({ url: server.url, body: '{}', timeoutMs: 20_000, trace, maxBodyBytes: 8 * 1024 * 1024 }).catch((error) => error);
        expect(failure).toBeInstanceOf(HttpFailure);
        expect((failure as HttpFailure).kind).toBe('oversize');
        expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
        expect(trace.frames.at(-1)?.detail).toMatchObject({ reason: 'oversize' });
      } finally {
        await server.stop();
      }
    });
  }

  for (const [name, env] of [
    ['JSON bodies', {}],
    ['SSE events', { HUGE_BODY_SSE: '1' }],
  ] as const) {
    it(`bounds the ${name} many exchanges hold at once by one shared budget`, async () => {
      const server = await startHttpServer(fixture('huge-body-server'), [], env);
      const MiB = 1024 * 1024;
      const budget = new BodyBudget(12 * MiB);
      const exchange = () =>
        httpExchange({ url: server.url, body: '{}', timeoutMs: 20_000, trace: new Trace(), maxBodyBytes: 8 * MiB, budget }).catch(
          (error) => error as HttpFailure,
        );
      try {
        // Other exchanges hold 10 MiB: this one, under its own 8 MiB cap, passes the 12 MiB budget.
        expect(budget.take(10 * MiB)).toBe(true);
        const squeezed = await exchange();
        expect(squeezed).toMatchObject({ kind: 'oversize', message: expect.stringContaining("passed mcpvet's 12 MiB budget") });
        expect(budget.heldBytes).toBe(10 * MiB);
        // Once they let go, the same body runs to its own cap instead.
        budget.release(10 * MiB);
        const alone = await exchange();
        expect(alone).toMatchObject({ kind: 'oversize', message: expect.stringContaining('larger than 8388608 bytes') });
        expect(budget.heldBytes).toBe(0);
      } finally {
        await server.stop();
      }
    });
  }
});

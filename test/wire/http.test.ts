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
      const budget = new BodyBudget(12 * 1024 * 1024);
      try {
        // Each body alone is under its 8 MiB cap; three at once pass the 12 MiB budget.
        const exchange = () =>
          httpExchange({ url: server.url, body: '{}', timeoutMs: 20_000, trace: new Trace(), maxBodyBytes: 8 * 1024 * 1024, budget }).catch((error) => error);
        const failures = await Promise.all([exchange(), exchange(), exchange()]);
        const messages = failures.map((failure) => (failure as HttpFailure).message);
        expect(failures.every((failure) => failure instanceof HttpFailure && failure.kind === 'oversize')).toBe(true);
        expect(messages.some((message) => message.includes("passed mcpvet's 12 MiB budget"))).toBe(true);
        expect(budget.heldBytes).toBe(0);
      } finally {
        await server.stop();
      }
    });
  }
});

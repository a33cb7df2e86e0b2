/**
 * Servers that behave like the real interop servers where an http check raised a false alarm
 * (test/interop/FINDINGS.md, "HTTP checks of h-http"): each is correct, so the check must not
 * report it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCheck, httpTarget } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

describe('http checks on servers like the interop ones', () => {
  let unresumable: RunningServer;
  let modernOnlyDiscover: RunningServer;
  let slowNamed: RunningServer;
  let primingWithRetry: RunningServer;
  beforeAll(async () => {
    [unresumable, modernOnlyDiscover, slowNamed, primingWithRetry] = await Promise.all([
      startHttpServer(fixture('http-sse-not-resumable')),
      startHttpServer(fixture('http-discover-lists-modern-only')),
      startHttpServer(fixture('http-slow-named-requests')),
      startHttpServer(fixture('http-priming-with-retry')),
    ]);
  });
  afterAll(async () => {
    await Promise.all([unresumable?.stop(), modernOnlyDiscover?.stop(), slowNamed?.stop(), primingWithRetry?.stop()]);
  });

  it('a GET whose head is held back past the timeout is not judged (a server may send it with the first event)', async () => {
    const held = await startHttpServer(fixture('http-get-head-held'));
    try {
      const result = await expectCheck('http.legacy-get-sse-or-405', httpTarget(held.url), 'incomplete', { era: 'legacy', timeoutMs: 1000 });
      expect(result.code).toBe('no-head');
    } finally {
      await held.stop();
    }
  });

  it('a priming event that carries a retry field is a priming event (the TS SDK writes id, retry and empty data together)', async () => {
    const result = await expectCheck('http.legacy-sse-priming', httpTarget(primingWithRetry.url), 'pass', { era: 'legacy' });
    expect(result.message).toContain('priming event');
  });

  it('priming is not asked of legacy streams that carry no event ids (the SDKs without an event store)', async () => {
    const result = await expectCheck('http.legacy-sse-priming', httpTarget(unresumable.url), 'skip', { era: 'legacy' });
    expect(result.message).toContain('not resumable');
  });

  it('a missing MCP-Protocol-Version is not judged when initialize still negotiates 2025-03-26, whatever discover lists (context7)', async () => {
    const result = await expectCheck('http.protocol-version-header-required', httpTarget(modernOnlyDiscover.url), 'skip');
    expect(result.message).toContain('negotiated 2025-03-26');
  });

  it('a request not answered in time says nothing about header names, even when it is answered the next time (kubernetes under load)', async () => {
    const result = await expectCheck('http.header-names-case-insensitive', httpTarget(slowNamed.url), 'pass', { timeoutMs: 1000 });
    expect(result.message).toContain('not judged');
  });
});

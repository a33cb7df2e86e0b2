/**
 * The era classifier, rule by rule, against 2026-07-28 basic/versioning
 * (#backward-compatibility-with-initialization-based-versions) and the stdio and Streamable HTTP
 * backward-compatibility sections.
 */
import { describe, expect, it } from 'vitest';
import { classifyProbe, type ProbeContext } from '../../src/protocol/era-probe.js';

const stdio: ProbeContext = { transport: 'stdio', requestedVersion: '2026-07-28' };
const http: ProbeContext = { transport: 'http', requestedVersion: '2026-07-28' };
const discover = (supportedVersions: string[]) => ({
  answer: { result: { resultType: 'complete', supportedVersions, capabilities: {}, ttlMs: 0, cacheScope: 'public' } },
});
const unsupported = (supported: string[], httpStatus?: number) => ({
  answer: { error: { code: -32022, message: 'unsupported', data: { supported, requested: '2026-07-28' } }, httpStatus },
});

describe('era probe classifier', () => {
  it('stdio: a DiscoverResult means modern', () => {
    expect(classifyProbe(discover(['2026-07-28']), stdio)).toMatchObject({ kind: 'modern', legacyVersions: [] });
  });

  it('a DiscoverResult that also lists legacy versions is a dual-era server, judged modern', () => {
    expect(classifyProbe(discover(['2026-07-28', '2025-11-25']), http)).toMatchObject({ kind: 'modern', legacyVersions: ['2025-11-25'] });
  });

  it('a DiscoverResult listing only legacy versions: no mutually supported modern version, so legacy', () => {
    const verdict = classifyProbe(discover(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']), http);
    expect(verdict.kind).toBe('legacy');
    expect(verdict.reason).toContain('only legacy versions (2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)');
  });

  it('a DiscoverResult listing only a newer modern version stays modern', () => {
    expect(classifyProbe(discover(['2027-03-01']), stdio).kind).toBe('modern');
  });

  it('-32022 listing a modern version we speak means modern: retry with it, never fall back', () => {
    expect(classifyProbe(unsupported(['2026-07-28']), { ...stdio, requestedVersion: '2026-09-01' })).toMatchObject({ kind: 'retry', version: '2026-07-28' });
    expect(classifyProbe(unsupported(['2026-07-28', '2025-11-25'], 400), { ...http, requestedVersion: '2026-09-01' })).toMatchObject({
      kind: 'retry',
      version: '2026-07-28',
    });
  });

  it('-32022 listing only legacy versions means legacy', () => {
    expect(classifyProbe(unsupported(['2025-11-25', '2024-11-05'], 400), http).kind).toBe('legacy');
    expect(classifyProbe(unsupported(['2025-06-18']), stdio).kind).toBe('legacy');
  });

  it('-32022 with no version in common is still a modern server (the user gets the error)', () => {
    expect(classifyProbe(unsupported(['2027-03-01']), stdio).kind).toBe('modern');
    expect(classifyProbe(unsupported([]), stdio).kind).toBe('modern');
  });

  it('the other recognised modern errors (-32020, -32021) mean modern, also in an HTTP 400 body', () => {
    expect(classifyProbe({ answer: { error: { code: -32020, message: 'header mismatch' }, httpStatus: 400 } }, http).kind).toBe('modern');
    expect(classifyProbe({ answer: { error: { code: -32021, message: 'missing capability' } } }, stdio).kind).toBe('modern');
  });

  it('stdio: any other error leaves the era to the fallback, whatever its code', () => {
    for (const code of [-32601, -32602, -32600, 0, -32000]) expect(classifyProbe({ answer: { error: { code, message: 'no' } } }, stdio).kind).toBe('undecided');
  });

  it('stdio: no answer within the timeout, or an exit, means legacy', () => {
    expect(classifyProbe({ noAnswer: 'timeout' }, stdio).kind).toBe('legacy');
    expect(classifyProbe({ noAnswer: 'closed' }, stdio).kind).toBe('legacy');
  });

  it('HTTP: a 4xx with an empty or non-modern body falls back', () => {
    expect(classifyProbe({ answer: { httpStatus: 400 } }, http).kind).toBe('undecided');
    expect(classifyProbe({ answer: { httpStatus: 404 } }, http).kind).toBe('undecided');
    expect(classifyProbe({ answer: { httpStatus: 405 } }, http).kind).toBe('undecided');
    expect(classifyProbe({ answer: { httpStatus: 400, error: { code: -32600, message: 'no session' } } }, http).kind).toBe('undecided');
  });

  it('HTTP: 401, 403, 3xx and 5xx are never evidence of era; neither is an HTTP timeout', () => {
    expect(classifyProbe({ answer: { httpStatus: 307 } }, http)).toMatchObject({ kind: 'refuse', error: 'http', status: 307 });
    expect(classifyProbe({ answer: { httpStatus: 401 } }, http)).toMatchObject({ kind: 'refuse', error: 'auth', status: 401 });
    expect(classifyProbe({ answer: { httpStatus: 403, error: { code: -32022, message: 'x', data: { supported: ['2026-07-28'] } } } }, http)).toMatchObject({
      kind: 'refuse',
      error: 'auth',
    });
    expect(classifyProbe({ answer: { httpStatus: 503 } }, http)).toMatchObject({ kind: 'refuse', error: 'http', status: 503 });
    expect(classifyProbe({ noAnswer: 'timeout' }, http)).toMatchObject({ kind: 'refuse', error: 'timeout' });
  });

  it('a result that is not a DiscoverResult is no evidence of the modern era', () => {
    expect(classifyProbe({ answer: { result: {} } }, stdio).kind).toBe('undecided');
  });
});

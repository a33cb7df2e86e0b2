/**
 * The http checks of issue 10 §4 over real HTTP on 127.0.0.1: the legacy GET stream, session and
 * SSE rules, and the 2026-07-28 stream and header rules. Each passes on the notes server and fails
 * (or warns, for SHOULD rules) with its code on a fixture that breaks exactly its rule.
 */
import { describe, expect, it } from 'vitest';
import type { CheckRunOptions } from '../../src/check/run.js';
import { expectCheck, httpTarget } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';
import { notesServers, runHttpCases, type HttpCase } from '../helpers/http-cases.js';

const LEGACY: CheckRunOptions = { era: 'legacy' };

const CASES: HttpCase[] = [
  { id: 'http.legacy-get-sse-or-405', broken: 'http-get-wrong-status', options: LEGACY, code: 'not-sse-or-405' },
  { id: 'http.legacy-get-sse-or-405', broken: 'http-drops-get-delete', options: LEGACY, code: 'no-answer' },
  { id: 'http.legacy-get-no-responses', broken: 'http-get-stream-responses', options: LEGACY, code: 'response-on-get-stream' },
  { id: 'http.legacy-one-stream-per-message', broken: 'http-broadcasts-progress', options: LEGACY, code: 'broadcast' },
  { id: 'http.legacy-event-ids-unique', broken: 'http-repeats-event-ids', options: LEGACY, code: 'duplicate-event-id' },
  { id: 'http.legacy-event-ids-unique', broken: 'http-replays-other-stream', options: LEGACY, code: 'replayed-on-other-stream' },
  { id: 'http.legacy-sse-priming', broken: 'http-sse-unprimed', options: LEGACY, failStatus: 'warn', code: 'no-priming-event' },
  { id: 'http.legacy-sse-priming', broken: 'http-closes-stream-early', options: LEGACY, failStatus: 'warn', code: 'closed-without-retry' },
  { id: 'http.legacy-session-ids-unguessable', broken: 'http-counter-session-ids', options: LEGACY, failStatus: 'warn', code: 'guessable-session-id' },
  { id: 'http.legacy-session-ids-unguessable', broken: 'http-reuses-session-id', options: LEGACY, failStatus: 'warn', code: 'repeated-session-id' },
  { id: 'http.legacy-session-required-400', broken: 'http-session-required-200', options: LEGACY, failStatus: 'warn', code: 'not-400' },
  { id: 'http.legacy-session-required-400', broken: 'http-drops-sessionless', options: LEGACY, failStatus: 'warn', code: 'no-answer' },
  { id: 'http.notification-202', broken: 'http-notification-answered', options: LEGACY, code: 'not-202' },
  { id: 'http.response-ends-stream', broken: 'http-stream-left-open', failStatus: 'warn', code: 'stream-left-open' },
  { id: 'http.response-ends-stream', broken: 'http-stream-left-open', options: LEGACY, failStatus: 'warn', code: 'stream-left-open' },
  { id: 'http.sse-no-buffering', broken: 'http-sse-buffered', failStatus: 'warn', code: 'buffering-not-disabled' },
  { id: 'http.protocol-version-header-required', broken: 'http-version-header-optional', server: 'modern', code: 'missing-header-accepted' },
  { id: 'http.protocol-version-header-required', broken: 'http-drops-refusals', server: 'modern', code: 'no-answer' },
  { id: 'http.protocol-version-header-required', broken: 'http-version-header-wrong-rejection', server: 'modern', code: 'wrong-rejection' },
  { id: 'http.header-names-case-insensitive', broken: 'http-header-names-case-sensitive', code: 'case-sensitive-names' },
  { id: 'http.last-event-id-ignored', broken: 'http-refuses-last-event-id', server: 'modern', failStatus: 'warn', code: 'last-event-id-refused' },
  { id: 'http.last-event-id-ignored', broken: 'http-drops-legacy-headers', server: 'modern', failStatus: 'warn', code: 'no-answer' },
  { id: 'http.param-header-absent-not-expected', broken: 'http-param-header-always-expected', code: 'header-expected' },
  { id: 'http.param-header-invalid-characters', broken: 'http-param-header-raw-bytes', code: 'invalid-characters-accepted' },
  { id: 'http.param-header-invalid-characters', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.param-header-integer-numeric', broken: 'http-param-integer-as-string', failStatus: 'warn', code: 'compared-as-string' },
  { id: 'http.param-header-integer-numeric', broken: 'http-drops-encoded-values', failStatus: 'warn', code: 'no-answer' },
];

describe('http suite, more rules', () => {
  const notesUrl = notesServers();
  runHttpCases(CASES, notesUrl);

  it('the missing-version rule is not applied to a server that serves pre-2025-06-18 clients', async () => {
    const result = await expectCheck('http.protocol-version-header-required', httpTarget(notesUrl('dual')), 'skip');
    expect(result.message).toContain('2025-03-26');
  });

  it('Last-Event-ID is not judged on a dual-era server (it still resumes legacy streams)', async () => {
    const result = await expectCheck('http.last-event-id-ignored', httpTarget(notesUrl('dual')), 'skip');
    expect(result.message).toContain('legacy revisions');
  });

  it('session ids never reach the report of the session-id check', async () => {
    const fixtureServer = await startHttpServer(fixture('http-counter-session-ids'));
    try {
      const result = await expectCheck('http.legacy-session-ids-unguessable', httpTarget(fixtureServer.url), 'warn', LEGACY);
      expect(JSON.stringify(result)).not.toContain('session-1');
    } finally {
      await fixtureServer.stop();
    }
  });

  it('a GET stream that never ends does not hang the GET checks', async () => {
    const started = Date.now();
    await expectCheck('http.legacy-get-no-responses', httpTarget(notesUrl('dual')), 'pass', { ...LEGACY, timeoutMs: 2000 });
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

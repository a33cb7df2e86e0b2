/**
 * The http suite over real HTTP on 127.0.0.1: every check passes on the notes server and fails
 * (or warns, for SHOULD rules) on a fixture that breaks exactly its rule. One notes server per
 * era mode is shared; each fixture server lives for its own test.
 */
import { describe, expect, it } from 'vitest';
import type { CheckRunOptions } from '../../src/check/run.js';
import { expectCheck, expectFinding, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';
import { notesServers, runHttpCases, type HttpCase } from '../helpers/http-cases.js';

const CONFIRM_DELETE: CheckRunOptions = { calls: { delete_note: { id: 'n1' } } };
const LEGACY: CheckRunOptions = { era: 'legacy' };

const CASES: HttpCase[] = [
  { id: 'http.mcp-method-required', broken: 'http-method-header-optional', code: 'missing-header-accepted' },
  { id: 'http.mcp-method-required', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.mcp-method-matches', broken: 'http-method-header-unchecked', code: 'mismatch-accepted' },
  { id: 'http.mcp-method-matches', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.protocol-version-header-matches', broken: 'http-version-header-unchecked', code: 'mismatch-accepted' },
  { id: 'http.protocol-version-header-matches', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.mcp-name-required', broken: 'http-name-header-optional', code: 'missing-header-accepted' },
  { id: 'http.mcp-name-required', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.mcp-name-matches', broken: 'http-name-header-unchecked', code: 'mismatch-accepted' },
  { id: 'http.mcp-name-matches', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.mcp-name-base64', broken: 'http-name-base64-undecoded', code: 'bad-base64-accepted' },
  { id: 'http.mcp-name-base64', broken: 'http-drops-encoded-values', code: 'no-answer' },
  { id: 'http.param-header-required', broken: 'http-param-header-optional', code: 'missing-header-accepted' },
  { id: 'http.param-header-required', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.param-header-matches', broken: 'http-param-header-unchecked', code: 'mismatch-accepted' },
  { id: 'http.param-header-matches', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.param-header-base64', broken: 'http-param-base64-undecoded', code: 'bad-base64-accepted' },
  { id: 'http.param-header-base64', broken: 'http-drops-encoded-values', code: 'no-answer' },
  { id: 'http.x-mcp-header-valid', broken: 'http-invalid-x-mcp-header', code: 'invalid-header-declared' },
  { id: 'http.missing-meta-400', broken: 'http-missing-meta-200', code: 'missing-meta-accepted' },
  { id: 'http.missing-meta-400', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.unsupported-version-400', broken: 'http-unsupported-version-code', code: 'not-32022' },
  { id: 'http.unsupported-version-400', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.unsupported-version-400', broken: 'proto-unsupported-version-no-requested', code: 'bad-error-data' },
  { id: 'http.missing-capability-400', broken: 'http-missing-capability-200', options: CONFIRM_DELETE, code: 'wrong-http-status' },
  { id: 'http.missing-capability-400', broken: 'http-missing-capability-other-error', options: CONFIRM_DELETE, code: 'not-32021' },
  { id: 'http.unknown-method-404', broken: 'http-unknown-method-400', code: 'not-method-not-found' },
  { id: 'http.unknown-method-404', broken: 'http-drops-refusals', code: 'no-answer' },
  { id: 'http.get-405', broken: 'http-get-allowed', server: 'modern', failStatus: 'warn', code: 'not-405' },
  { id: 'http.delete-405', broken: 'http-delete-allowed', server: 'modern', failStatus: 'warn', code: 'not-405' },
  { id: 'http.get-405', broken: 'http-drops-get-delete', server: 'modern', failStatus: 'warn', code: 'no-answer' },
  { id: 'http.delete-405', broken: 'http-drops-get-delete', server: 'modern', failStatus: 'warn', code: 'no-answer' },
  { id: 'http.notification-202', broken: 'http-notification-answered', code: 'not-202' },
  { id: 'http.notification-202', broken: 'http-drops-notifications', code: 'no-answer' },
  { id: 'http.foreign-origin-403', broken: 'http-any-origin', code: 'foreign-origin-accepted' },
  { id: 'http.foreign-origin-403', broken: 'http-any-origin', options: LEGACY, code: 'foreign-origin-accepted' },
  { id: 'http.foreign-origin-403', broken: 'http-drops-foreign-origin', code: 'no-answer' },
  { id: 'http.foreign-origin-403', broken: 'http-drops-foreign-origin', options: LEGACY, code: 'no-answer' },
  { id: 'http.session-id-ignored', broken: 'http-echoes-session-id', server: 'modern', failStatus: 'warn', code: 'session-id-echoed' },
  { id: 'http.session-id-ignored', broken: 'http-refuses-session-id', server: 'modern', failStatus: 'warn', code: 'session-id-refused' },
  { id: 'http.session-id-ignored', broken: 'http-drops-legacy-headers', server: 'modern', failStatus: 'warn', code: 'no-answer' },
  { id: 'http.content-type-matches', broken: 'http-mislabelled-content-type', code: 'body-mismatch' },
  { id: 'http.legacy-session-id-visible-ascii', broken: 'http-session-id-with-space', options: LEGACY, code: 'non-ascii-session-id' },
  { id: 'http.legacy-deleted-session-404', broken: 'http-delete-keeps-session', options: LEGACY, code: 'deleted-session-served' },
  { id: 'http.legacy-deleted-session-404', broken: 'http-drops-deleted-session', options: LEGACY, code: 'no-answer' },
  { id: 'http.legacy-protocol-version-header', broken: 'http-legacy-version-unchecked', options: LEGACY, code: 'invalid-version-accepted' },
  { id: 'http.legacy-protocol-version-header', broken: 'http-drops-bad-version', options: LEGACY, code: 'no-answer' },
];

describe('http suite', () => {
  const notesUrl = notesServers();
  runHttpCases(CASES, notesUrl);

  it('GET, DELETE and Mcp-Session-Id are not judged on a dual-era server (it still serves legacy sessions)', async () => {
    for (const id of ['http.get-405', 'http.delete-405', 'http.session-id-ignored']) {
      const result = await expectCheck(id, httpTarget(notesUrl('dual')), 'skip');
      expect(result.message).toContain('legacy revisions');
    }
  });

  it('a header rule names what was sent and gives a curl command', async () => {
    const fixtureServer = await startHttpServer(fixture('http-method-header-optional'));
    try {
      const result = await expectCheck('http.mcp-method-required', httpTarget(fixtureServer.url), 'fail');
      expectFinding(result, 'missing-header-accepted');
      expect(result.message).toContain('without the Mcp-Method header');
      expect(result.evidence[0]?.curl).toMatch(/^curl .*mcp-protocol-version: 2026-07-28/);
      expect(result.evidence[0]?.curl).not.toContain('mcp-method:');
    } finally {
      await fixtureServer.stop();
    }
  });

  it('the missing-capability rule is skipped when no request is known to need one', async () => {
    const result = await expectCheck('http.missing-capability-400', httpTarget(notesUrl('dual')), 'skip');
    expect(result.message).toContain('delete_note');
  });

  it('x-mcp-header annotations are judged over stdio too', async () => {
    await expectCheck('http.x-mcp-header-valid', notesStdio(), 'pass');
  });

  it('an unknown future version must be refused too, not served as the current one', async () => {
    const passed = await expectCheck('http.unsupported-version-400', httpTarget(notesUrl('dual')), 'pass');
    expect(passed.message).toContain('2999-12-31 was refused');
    const fixtureServer = await startHttpServer(fixture('proto-future-version-accepted'));
    try {
      const result = await expectCheck('http.unsupported-version-400', httpTarget(fixtureServer.url), 'fail');
      expect(result.message).toContain('unknown future protocol version 2999-12-31');
    } finally {
      await fixtureServer.stop();
    }
  });
});

/** The resources suite: every check passes on the example server and fails (or warns) on a fixture breaking exactly its rule. */
import { describe, expect, it } from 'vitest';
import { unknownUriLike } from '../../src/check/probes/resources/unknown-uri.js';
import type { Status } from '../../src/check/types.js';
import { exampleHttpServer, expectCheck, expectFinding, expectSuitesClean, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const httpUrl = exampleHttpServer();

const broken: [id: string, fixture: string, status: Status, code: string][] = [
  ['resources.list-shape', 'resources-invalid-resource-shape', 'fail', 'malformed-list'],
  ['resources.templates-list-shape', 'resources-template-without-uri-template', 'fail', 'malformed-list'],
  ['resources.read-listed', 'resources-read-without-text', 'fail', 'invalid-contents'],
  ['resources.unknown-uri-error', 'resources-unknown-uri-legacy-code', 'fail', 'retired-32002'],
  ['resources.unknown-uri-data', 'resources-unknown-uri-no-data', 'info', 'uri-not-named'],
  ['resources.unknown-uri-not-empty', 'resources-unknown-uri-empty-contents', 'fail', 'empty-contents'],
  ['resources.list-cache-hints', 'resources-list-no-cache-hints', 'fail', 'missing-cache-hints'],
  ['resources.read-cache-hints', 'resources-read-negative-ttl', 'fail', 'missing-cache-hints'],
];

describe('resources checks on the example server (stdio, modern)', () => {
  it.each(broken.map(([id]) => id))('%s passes', async (id) => {
    await expectCheck(id, notesStdio(), 'pass');
  });
});

describe('resources checks on fixtures breaking exactly their rule', () => {
  it.each(broken)('%s on %s', async (id, fixture, status, code) => {
    expectFinding(await expectCheck(id, fixtureStdio(fixture), status), code);
  });

  it('names the retired code when a modern server answers -32002', async () => {
    const result = await expectCheck('resources.unknown-uri-error', fixtureStdio('resources-unknown-uri-legacy-code'), 'fail');
    expectFinding(result, 'retired-32002');
    expect(result.message).toContain('-32002');
    expect(result.message).toContain('retired');
  });

  it('only warns in the legacy era, where the not-found error is a SHOULD (a MUST from 2026-07-28)', async () => {
    const result = await expectCheck('resources.unknown-uri-error', fixtureStdio('resources-unknown-uri-empty-contents'), 'warn', { era: 'legacy' });
    expectFinding(result, 'not-32002');
    expect([result.level, result.requirements]).toEqual(['SHOULD', ['RES-07']]);
  });

  it('accepts the legacy -32002 from a legacy server', async () => {
    const result = await expectCheck('resources.unknown-uri-error', notesStdio(), 'pass', { era: 'legacy' });
    expect(result.message).toContain('-32002');
  });
});

describe('resources suite as a whole', () => {
  it('has no fail, warn or error on the example server over HTTP (modern)', async () => {
    // The list_changed check needs a tool that changes a list allowed (list-changed.test.ts judges it); legacy-subscribe is legacy-only.
    await expectSuitesClean(httpTarget(httpUrl()), {
      suites: ['resources'],
      skip: ['resources.list-changed-notification', 'resources.legacy-subscribe', 'resources.pagination-cache-scope'],
    });
  });

  it('has no fail, warn or error on the example server in the legacy era', async () => {
    await expectSuitesClean(notesStdio(), { suites: ['resources'], era: 'legacy', allowSkips: true, skip: ['resources.list-changed-notification'] });
  });
});

describe('unknownUriLike', () => {
  it('keeps the scheme of a listed resource and avoids listed URIs', () => {
    expect(unknownUriLike(['notes://readme'])).toBe('notes://mcpvet-no-such-resource-7f3a');
    expect(unknownUriLike(['file:///tmp/a.txt'])).toBe('file:///mcpvet-no-such-resource-7f3a');
    expect(unknownUriLike([])).toBe('mcpvet://mcpvet-no-such-resource-7f3a');
    expect(unknownUriLike(['x://mcpvet-no-such-resource-7f3a'])).toBe('x://mcpvet-no-such-resource-7f3a-2');
  });
});

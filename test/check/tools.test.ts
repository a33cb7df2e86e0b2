/** The tools suite: every check passes on the example server and fails (or warns) on a fixture breaking exactly its rule. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleArguments } from '../../src/check/probes/tools/sample-arguments.js';
import type { Status } from '../../src/check/types.js';
import { exampleHttpServer, expectCheck, expectFinding, expectSuitesClean, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

// get_note needs an existing id; generated arguments ("example") would only reach its error path.
const CALLS = { calls: { get_note: { id: 'n1' } } };
// The list_changed checks need a tool that changes a list allowed (list-changed.test.ts judges them).
const NOT_LIST_CHANGED = { skip: ['tools.list-changed-notification'] };

const httpUrl = exampleHttpServer();
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'mcpvet-tools-'));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

// A fresh process counter per target: the fixture's first process differs from all later ones.
let counters = 0;
const counter = (name: string) => join(scratch, `${name}-${++counters}.count`);

const broken: [id: string, fixture: () => ReturnType<typeof fixtureStdio>, status: Status, code: string][] = [
  ['tools.list-shape', () => fixtureStdio('tools-invalid-tool-shape'), 'fail', 'malformed-list'],
  ['tools.name-format', () => fixtureStdio('tools-bad-name'), 'warn', 'invalid-characters'],
  ['tools.names-unique', () => fixtureStdio('tools-duplicate-name'), 'warn', 'duplicate-name'],
  ['tools.input-schema-object-root', () => fixtureStdio('tools-input-schema-untyped'), 'fail', 'root-not-object'],
  ['tools.input-schema-compiles', () => fixtureStdio('tools-input-schema-invalid'), 'fail', 'schema-does-not-compile'],
  ['tools.output-schema-compiles', () => fixtureStdio('tools-output-schema-invalid'), 'fail', 'schema-does-not-compile'],
  ['tools.order-stable', () => fixtureStdio('tools-order-varies-per-call'), 'warn', 'order-differs'],
  ['tools.order-stable-across-connections', () => fixtureStdio('tools-order-varies-per-connection', '--counter', counter('order')), 'warn', 'order-differs'],
  ['tools.set-stable-across-connections', () => fixtureStdio('tools-set-varies-per-connection', '--counter', counter('set')), 'fail', 'set-differs'],
  ['tools.pagination-consistent', () => fixtureStdio('tools-duplicate-across-pages'), 'warn', 'pages-overlap'],
  ['tools.invalid-cursor', () => fixtureStdio('tools-invalid-cursor-accepted'), 'warn', 'not-invalid-params'],
  ['tools.list-cache-hints', () => fixtureStdio('tools-no-cache-hints'), 'fail', 'missing-cache-hints'],
  ['tools.pagination-cache-scope', () => fixtureStdio('tools-mixed-cache-scope'), 'fail', 'scope-differs'],
  ['tools.structured-content-present', () => fixtureStdio('tools-missing-structured-content'), 'fail', 'missing-structured-content'],
  ['tools.structured-content-valid', () => fixtureStdio('tools-structured-content-invalid'), 'fail', 'does-not-match-schema'],
  ['tools.structured-content-mirrored', () => fixtureStdio('tools-structured-content-not-mirrored'), 'warn', 'not-mirrored'],
];

describe('tools checks on the example server (stdio, modern)', () => {
  it.each(broken.map(([id]) => id))('%s passes', async (id) => {
    await expectCheck(id, notesStdio(), 'pass', CALLS);
  });
});

describe('tools checks on fixtures breaking exactly their rule', () => {
  it.each(broken)('%s', async (id, target, status, code) => {
    const result = await expectCheck(id, target(), status, CALLS);
    expectFinding(result, code);
    expect(result.message.length).toBeGreaterThan(20);
  });
});

describe('tools suite as a whole', () => {
  it('has no fail, warn or error on the example server over HTTP (modern)', async () => {
    const report = await expectSuitesClean(httpTarget(httpUrl()), { suites: ['tools'], allowSkips: true, ...CALLS, ...NOT_LIST_CHANGED });
    expect(report.results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(15);
  });

  it('has no fail, warn or error on the example server in the legacy era', async () => {
    await expectSuitesClean(notesStdio(), { suites: ['tools'], era: 'legacy', allowSkips: true, ...CALLS, ...NOT_LIST_CHANGED });
  });

  it('a warning over HTTP carries the frames and a curl command that reproduces the request', async () => {
    const server = await startHttpServer(fixture('tools-invalid-cursor-accepted'));
    try {
      const result = await expectCheck('tools.invalid-cursor', httpTarget(server.url), 'warn');
      expectFinding(result, 'not-invalid-params');
      expect(result.message).toContain('mcpvet-invalid-cursor');
      expect(result.evidence[0]?.frames?.length).toBeGreaterThan(0);
      expect(result.evidence[0]?.curl).toContain('curl');
    } finally {
      await server.stop();
    }
  });

  it('the structuredContent checks are incomplete, saying how to allow the call, when no call can succeed', async () => {
    const result = await expectCheck('tools.structured-content-valid', fixtureStdio('tools-every-call-fails'), 'incomplete');
    expectFinding(result, 'no-callable-tool');
    expectFinding(result, 'no-callable-tool');
    expect(result.message).toContain('--calls');
  });
});

describe('sampleArguments', () => {
  it('fills required properties with simple values within their bounds', () => {
    const built = sampleArguments({
      type: 'object',
      properties: {
        q: { type: 'string', minLength: 10 },
        n: { type: 'integer', minimum: 3 },
        f: { type: 'string', enum: ['a', 'b'] },
        skip: { type: 'string' },
      },
      required: ['q', 'n', 'f'],
    });
    expect(built).toEqual({ ok: true, args: { q: 'examplexxx', n: 3, f: 'a' } });
  });

  it('refuses what it cannot build honestly', () => {
    const built = sampleArguments({ type: 'object', properties: { id: { type: 'string', pattern: '^n\\d+$' } }, required: ['id'] });
    expect(built.ok).toBe(false);
  });
});

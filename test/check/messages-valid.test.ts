import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { defineCheck, pass } from '../../src/check/define.js';
import { ALL_CHECKS } from '../../src/check/registry.js';
import { runCheckRun } from '../../src/check/run.js';
import { isObject, isRequest, isResponse } from '../../src/protocol/jsonrpc.js';
import { loadSpecSchema } from '../../src/protocol/spec-schema.js';
import { validateMessage } from '../../src/protocol/validate.js';
import type { Target } from '../../src/wire/target.js';
import type { Trace } from '../../src/wire/trace.js';
import { expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture, HAS_SPEC, SPEC_DIR } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const MODERN_SCHEMA = join(SPEC_DIR, 'schema-2026-07-28.json');
const LEGACY_SCHEMA = join(SPEC_DIR, 'schema-2025-11-25.json');

describe('protocol.messages-valid', () => {
  it('passes on the example server, whole run, with our validators', () => expectCheck('protocol.messages-valid', notesStdio(), 'pass'));

  it('fails on a server whose tools/list result has a negative ttlMs', async () => {
    const result = await expectCheck('protocol.messages-valid', fixtureStdio('proto-invalid-message'), 'fail');
    expectFinding(result, 'invalid-message');
    expect(result.message).toContain('ttlMs');
  });

  it('does not judge the id of an HTTP-level rejection (id null with a 4xx), but does judge a 200 answer with id null', async () => {
    const rejection = await startHttpServer(fixture('proto-null-id-rejection'));
    const answer = await startHttpServer(fixture('proto-null-id-rejection'), [], { NULL_ID_STATUS: '200' });
    try {
      await expectCheck('protocol.messages-valid', httpTarget(rejection.url), 'pass');
      const judged = await expectCheck('protocol.messages-valid', httpTarget(answer.url), 'fail');
      expectFinding(judged, 'invalid-message');
      expect(judged.message).toContain('id');
    } finally {
      await Promise.all([rejection.stop(), answer.stop()]);
    }
  });

  it.skipIf(!HAS_SPEC)('with --spec-schema the official schema judges the same way', async () => {
    await expectCheck('protocol.messages-valid', notesStdio(), 'pass', { specSchemaFile: MODERN_SCHEMA });
    const broken = await expectCheck('protocol.messages-valid', fixtureStdio('proto-invalid-message'), 'fail', { specSchemaFile: MODERN_SCHEMA });
    expectFinding(broken, 'invalid-message');
    expect(broken.message).toContain('official schema');
  });
});

/**
 * The oracle test: every message the example server sent during full check runs (both eras,
 * both transports, every suite) gets the same verdict from mcpvet's validators and from the
 * official JSON Schema.
 */
describe.skipIf(!HAS_SPEC)('our validators agree with the official schema on every server message of full runs', () => {
  let http: RunningServer;
  beforeAll(async () => {
    http = await startHttpServer();
  });
  afterAll(() => http.stop());

  const runs: [string, () => Target, 'modern' | 'legacy', string][] = [
    ['stdio modern', () => notesStdio(), 'modern', MODERN_SCHEMA],
    ['http modern', () => httpTarget(http.url), 'modern', MODERN_SCHEMA],
    ['stdio legacy', () => notesStdio(), 'legacy', LEGACY_SCHEMA],
    ['http legacy', () => httpTarget(http.url), 'legacy', LEGACY_SCHEMA],
  ];
  for (const [name, target, era, schemaFile] of runs) {
    it(name, async () => {
      let traces: Trace[] = [];
      const collector = defineCheck({
        id: 'test.collect-traces',
        title: 'collects the traces of the run',
        suite: 'protocol',
        requirements: ['BASE-01'],
        eras: ['modern', 'legacy'],
        transports: ['stdio', 'http'],
        spec: 'test',
        final: true,
        async run(ctx) {
          traces = [...ctx.traces()];
          return pass('collected');
        },
      });
      const report = await runCheckRun(target(), { era, timeoutMs: 5000, allowCall: ['add_note'], checks: [...ALL_CHECKS, collector] });
      const spec = loadSpecSchema(schemaFile);
      const revision = report.protocolVersion as string;
      let compared = 0;
      const disagreements: string[] = [];
      for (const trace of traces) {
        const methods = new Map<string, string>();
        for (const frame of trace.frames) {
          if (frame.kind !== 'message' || !isObject(frame.message)) continue;
          if (frame.direction === 'send') {
            if (isRequest(frame.message)) methods.set(String(frame.message.id), frame.message.method);
            continue;
          }
          if (frame.direction !== 'receive') continue;
          const method = isResponse(frame.message) ? methods.get(String(frame.message.id)) : undefined;
          // Answers to deliberately malformed probes (unknown methods, bad versions) have no result schema to compare.
          if (isResponse(frame.message) && !isObject(frame.message.error) && method === undefined) continue;
          const ours = validateMessage(frame.message, { revision, direction: 'server-to-client', method }).length === 0;
          const official =
            spec
              .validateMessage(frame.message, method, 'server-to-client')
              .filter((issue) => !(issue.path === 'id' && (frame.message as { id?: unknown }).id === null)).length === 0;
          compared++;
          if (ours !== official)
            disagreements.push(
              `${method ?? 'message'}: ours ${ours ? 'valid' : 'invalid'}, official ${official ? 'valid' : 'invalid'}: ${frame.raw.slice(0, 200)}`,
            );
        }
      }
      expect(disagreements).toEqual([]);
      expect(compared).toBeGreaterThan(50);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCheck, pass, violation } from '../../src/check/define.js';
import { ALL_CHECKS, findDuplicateIds } from '../../src/check/registry.js';
import { runCheckRun } from '../../src/check/run.js';
import type { CheckDefinition } from '../../src/check/types.js';
import { fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const HOSTILE_SERVERS = join(dirname(fileURLToPath(import.meta.url)), '..', 'hostile', 'servers');

const base: Pick<CheckDefinition, 'suite' | 'eras' | 'transports' | 'spec'> = {
  suite: 'protocol',
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  spec: 'test',
};
const make = (id: string, over: Partial<CheckDefinition>): CheckDefinition =>
  defineCheck({ ...base, id, title: id, requirements: ['BASE-01'], run: async () => pass('ok'), ...over });

describe('the check runner', () => {
  const checks = [
    make('t.hangs', { run: () => new Promise(() => {}) }),
    make('t.throws', {
      run: async () => {
        throw new Error('boom');
      },
    }),
    make('t.must-broken', { run: async () => violation('broken-rule', 'broken') }),
    make('t.should-broken', { requirements: ['TOOL-07'], run: async () => violation('broken-rule', 'broken') }),
    make('t.needs-sampling', { requires: ['sampling'] }),
    make('t.legacy-only', { eras: ['legacy'] }),
    make('t.http-only', { transports: ['http'] }),
    make('t.fine', {}),
  ];

  it('turns hangs and throws into error, MUST into fail, SHOULD into warn, and skips what does not apply', async () => {
    const started = Date.now();
    const report = await runCheckRun(notesStdio(), { checks, checkTimeoutMs: 300 });
    const status = Object.fromEntries(report.results.map((result) => [result.id, result.status]));
    expect(status).toEqual({
      't.hangs': 'error',
      't.throws': 'error',
      't.must-broken': 'fail',
      't.should-broken': 'warn',
      't.needs-sampling': 'skip',
      't.legacy-only': 'skip',
      't.http-only': 'skip',
      't.fine': 'pass',
    });
    const byId = Object.fromEntries(report.results.map((result) => [result.id, result.message]));
    expect(byId['t.hangs']).toContain('did not finish within 300 ms');
    expect(byId['t.throws']).toContain('boom');
    expect(byId['t.needs-sampling']).toContain('sampling');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('closes the connections a check opened while the next check runs, and all of them before the run ends', async () => {
    // A server that ignores EOF and SIGTERM: closing it takes the whole grace, then SIGKILL.
    const immortal = { transport: 'stdio' as const, command: process.execPath, args: [join(HOSTILE_SERVERS, 'hang.mjs'), 'immortal'] };
    let closedAt: number | undefined;
    let nextStartedAt: number | undefined;
    const opener = make('t.opens', {
      run: async (ctx) => {
        const client = await ctx.openClient({ target: immortal });
        const close = client.close.bind(client);
        client.close = async () => {
          await close();
          closedAt = Date.now();
        };
        return pass('opened');
      },
    });
    const next = make('t.next', {
      run: async () => {
        nextStartedAt = Date.now();
        return pass('ran');
      },
    });
    const report = await runCheckRun(notesStdio(), { checks: [opener, next], concurrency: 1 });
    expect(report.results.map((result) => result.status)).toEqual(['pass', 'pass']);
    expect(closedAt, 'the run ended before the connection was closed').toBeDefined();
    expect(nextStartedAt).toBeLessThan(closedAt as number);
  });

  it('ends the run fast when the server stops answering: the checks not yet run say why', async () => {
    const started = Date.now();
    const report = await runCheckRun(fixtureStdio('hangs-after-discover'), { timeoutMs: 3000 });
    expect(Date.now() - started).toBeLessThan(30_000);
    const stopped = report.results.filter((result) => result.message.startsWith('not run: the server stopped answering'));
    expect(stopped.length).toBeGreaterThan(30);
    expect(stopped.every((result) => result.status === 'error')).toBe(true);
    // What does not apply is still a skip, not an error.
    expect(report.results.find((result) => result.id === 'protocol.legacy-ping')?.status).toBe('skip');
  });

  it('ends the run fast when the server answers its handshake and nothing else', async () => {
    const server = join(dirname(fileURLToPath(import.meta.url)), '../hostile/servers/hang.mjs');
    const report = await runCheckRun({ transport: 'stdio', command: process.execPath, args: [server, 'after-handshake'] }, { timeoutMs: 3000 });
    const stopped = report.results.filter((result) => result.message.includes('it answers server/discover but not tools/list'));
    expect(stopped.length).toBeGreaterThan(30);
  });

  it('ends the run fast when the server answers with ids nobody sent: the checks not yet run say so', async () => {
    const server = join(dirname(fileURLToPath(import.meta.url)), '../hostile/servers/ids.mjs');
    const report = await runCheckRun({ transport: 'stdio', command: process.execPath, args: [server, 'foreign'] }, { timeoutMs: 3000 });
    const stopped = report.results.filter((result) => result.message.includes('it answers with ids that match no request'));
    expect(stopped.length).toBeGreaterThan(30);
  });

  it('keeps the head and tail of a flood of evidence frames, and says how many it left out', async () => {
    const flood = Array.from({ length: 5000 }, (_, seq) => ({ seq, time: seq, direction: 'receive' as const, kind: 'message' as const, raw: `frame ${seq}` }));
    const report = await runCheckRun(notesStdio(), { checks: [make('t.flooded', { run: async () => violation('flooded', 'flooded', [{ frames: flood }]) })] });
    const frames = report.results[0]?.evidence[0]?.frames ?? [];
    expect(frames.length).toBe(101);
    expect(frames[0]?.raw).toBe('frame 0');
    expect(frames[50]?.detail).toEqual({ reason: 'evidence-trimmed', omitted: 4900 });
    expect(frames[100]?.raw).toBe('frame 4999');
  });

  it('a check that breaks on a healthy server does not stop the others', async () => {
    const report = await runCheckRun(notesStdio(), { checks, checkTimeoutMs: 300, concurrency: 1 });
    expect(report.results.find((result) => result.id === 't.fine')?.status).toBe('pass');
  });

  it('selects by suite, --only and --skip globs', async () => {
    const only = await runCheckRun(notesStdio(), { checks, only: ['t.*-broken'], skip: ['t.should-*'] });
    expect(only.results.map((result) => result.id)).toEqual(['t.must-broken']);
    const suite = await runCheckRun(notesStdio(), { checks, suites: ['tools'] });
    expect(suite.results).toEqual([]);
  });
});

describe('levels derived from requirements', () => {
  const broken = (id: string, requirements: string[], requirement?: string) =>
    make(id, { requirements, run: async () => ({ ...violation('broken-rule', 'broken'), requirement }) });
  const checks = [
    broken('t.descriptive', ['TOOL-11']),
    broken('t.example', ['EX-01']),
    broken('t.per-era', ['RES-05', 'RES-07']),
    broken('t.names-the-should', ['TOOL-04', 'TOOL-05'], 'TOOL-05'),
    broken('t.names-the-must', ['TOOL-04', 'TOOL-05'], 'TOOL-04'),
    broken('t.modern-only-rule', ['RES-06']),
    broken('t.unknown-id', ['NOPE-1']),
  ];

  it('fails only for MUST, warns for SHOULD and descriptive rules (and says so), notes the rest as info', async () => {
    const report = await runCheckRun(notesStdio(), { checks, era: 'modern' });
    const byId = Object.fromEntries(report.results.map((result) => [result.id, result]));
    expect(Object.fromEntries(report.results.map((r) => [r.id, [r.status, r.level]]))).toEqual({
      't.descriptive': ['warn', 'DESCRIPTIVE'],
      't.example': ['info', 'INFO'],
      't.per-era': ['fail', 'MUST'],
      't.names-the-should': ['warn', 'SHOULD'],
      't.names-the-must': ['fail', 'MUST'],
      't.modern-only-rule': ['fail', 'MUST'],
      't.unknown-id': ['error', 'INFO'],
    });
    expect(byId['t.descriptive']!.message).toContain('without MUST or SHOULD; clients depend on it');
    expect(byId['t.per-era']!.requirements).toEqual(['RES-05']);
    expect(byId['t.unknown-id']!.message).toContain('NOPE-1');
    expect(report.summary.info).toBe(1);
  });

  it("grades on the requirements of the run's revision: legacy SHOULD where modern is MUST, skip where there is none", async () => {
    const report = await runCheckRun(notesStdio(), { checks, era: 'legacy' });
    const byId = Object.fromEntries(report.results.map((result) => [result.id, result]));
    expect([byId['t.per-era']!.status, byId['t.per-era']!.level, byId['t.per-era']!.requirements]).toEqual(['warn', 'SHOULD', ['RES-07']]);
    expect(byId['t.modern-only-rule']!.status).toBe('skip');
    expect(byId['t.modern-only-rule']!.message).toContain('no requirement of MCP 2025-11-25');
  });
});

describe('evidence over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(() => server.stop());

  it('carries the frames of its own exchange and a curl command that reproduces it', async () => {
    const probe = make('t.probe', {
      run: async (ctx) => {
        const outcome = await ctx.client.request('tools/list', {});
        return violation('look', 'look', [ctx.evidence(outcome.frames)]);
      },
    });
    const busy = make('t.busy', {
      run: async (ctx) => {
        for (let i = 0; i < 5; i++) await ctx.client.request('prompts/list', {});
        return pass('busy');
      },
    });
    const report = await runCheckRun(httpTarget(server.url), { checks: [probe, busy], concurrency: 2 });
    const evidence = report.results.find((result) => result.id === 't.probe')?.evidence[0];
    expect(evidence?.curl).toMatch(/^curl -sS -i -X POST '.*\/mcp' .*-H 'mcp-method: tools\/list'.*--data-raw/);
    expect(evidence?.frames?.every((frame) => !frame.raw.includes('prompts/list'))).toBe(true);
    expect(evidence?.frames?.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the registry', () => {
  it('has unique ids, and every check is exercised by a test under test/check (the security suite: test/security)', () => {
    expect(findDuplicateIds(ALL_CHECKS)).toEqual([]);
    const dir = dirname(fileURLToPath(import.meta.url));
    const tests = [dir, join(dir, '../security')]
      .flatMap((folder) => readdirSync(folder).map((file) => join(folder, file)))
      .filter((file) => file.endsWith('.test.ts') && !file.endsWith('runner.test.ts'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const untested = ALL_CHECKS.map((check) => check.id).filter((id) => !tests.includes(`'${id}'`));
    expect(untested).toEqual([]);
    expect(ALL_CHECKS.length).toBeGreaterThanOrEqual(40);
  });
});

describe('the suite folders', () => {
  const suites = join(dirname(fileURLToPath(import.meta.url)), '../../src/check/suites');

  it('hold one file per check, named by its id (http.delete-405 in http/delete-405.ts), and nothing else', () => {
    const expected = ALL_CHECKS.map((check) => `${check.suite}/${check.id.slice(check.suite.length + 1)}.ts`);
    expect(ALL_CHECKS.filter((check) => !check.id.startsWith(`${check.suite}.`)).map((check) => check.id)).toEqual([]);
    const files = readdirSync(suites).flatMap((suite) =>
      readdirSync(join(suites, suite))
        .filter((file) => file !== 'index.ts')
        .map((file) => `${suite}/${file}`),
    );
    expect(files.sort()).toEqual(expected.sort());
  });
});

/**
 * The tasks suite: the 2025-11-25 tasks utility (legacy) and the 2026 tasks extension (modern).
 * Every check passes on the notes server and fails (or warns) with its code on a fixture that
 * breaks exactly its rule; a task that never ends is incomplete within the check's time, not a verdict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRunOptions } from '../../src/check/run.js';
import type { Status } from '../../src/check/types.js';
import { expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const LEGACY: CheckRunOptions = { era: 'legacy' };
const MODERN: CheckRunOptions = { era: 'modern' };

interface Case {
  id: string;
  broken: string;
  code: string;
  options: CheckRunOptions;
  status?: Status;
  /** Arguments of the notes server that passes (default: none). */
  passArgs?: string[];
}

const STDIO_CASES: Case[] = [
  { id: 'tasks.required-without-task', broken: 'tasks-required-runs-plain', code: 'ran-without-task', options: LEGACY },
  { id: 'tasks.task-lifecycle', broken: 'tasks-no-last-updated', code: 'bad-task-fields', options: LEGACY },
  { id: 'tasks.task-lifecycle', broken: 'tasks-never-finish', code: 'never-finished', options: LEGACY, status: 'incomplete' },
  { id: 'tasks.result-exact', broken: 'tasks-result-early', code: 'returned-before-terminal', options: LEGACY },
  { id: 'tasks.result-exact', broken: 'tasks-cancel-finished', code: 'cancel-terminal-accepted', options: LEGACY },
  { id: 'tasks.augmentation-ignored', broken: 'tasks-augmentation-refused', code: 'not-processed-normally', options: LEGACY, passArgs: ['--no-tasks'] },
  { id: 'tasks.durable-creation', broken: 'tasks-not-durable', code: 'not-durable', options: MODERN },
  { id: 'tasks.durable-creation', broken: 'tasks-never-finish', code: 'never-finished', options: MODERN, status: 'incomplete' },
  { id: 'tasks.failed-only-on-error', broken: 'tasks-never-finish', code: 'never-finished', options: MODERN, status: 'incomplete' },
  {
    id: 'tasks.required-without-task',
    broken: 'tasks-required-invalid-request',
    code: 'invalid-request-not-method-not-found',
    options: LEGACY,
    status: 'info',
  },
  { id: 'tasks.unknown-task-id', broken: 'tasks-unknown-id-internal-error', code: 'unknown-task-accepted', options: MODERN },
  { id: 'tasks.failed-only-on-error', broken: 'tasks-tool-error-failed', code: 'tool-error-as-failed', options: MODERN },
  { id: 'tasks.acknowledgement-complete', broken: 'tasks-ack-result-type-task', code: 'ack-not-complete', options: MODERN },
  { id: 'tasks.failed-only-on-error', broken: 'tasks-listen-sends-log', code: 'notification-on-task-stream', options: MODERN },
];

describe('tasks suite over stdio', () => {
  for (const { id, broken, code, options, status = 'fail', passArgs = [] } of STDIO_CASES) {
    it(`${id}: passes on the notes server, ${status}s on ${broken} (${code})`, async () => {
      await expectCheck(id, notesStdio(...passArgs), 'pass', options);
      expectFinding(await expectCheck(id, fixtureStdio(broken), status, options), code, status);
    });
  }

  it('a never-ending task costs the check its polling deadline, not a hang', async () => {
    // 5 s, not less: under CI load a Node process can take 2 s just to start and answer.
    const started = Date.now();
    const result = await expectCheck('tasks.durable-creation', fixtureStdio('tasks-never-finish'), 'incomplete', { ...MODERN, timeoutMs: 5000 });
    expect(result.message).toContain('after 2500 ms of polling');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a legacy server that declares task support is its own judge of task requests', async () => {
    const result = await expectCheck('tasks.augmentation-ignored', notesStdio(), 'skip', LEGACY);
    expect(result.message).toContain('declares task-augmented tools/call');
  });

  it('modern task checks do not apply without the extension', async () => {
    const result = await expectCheck('tasks.unknown-task-id', notesStdio('--no-tasks'), 'skip', MODERN);
    expect(result.message).toContain('io.modelcontextprotocol/tasks');
  });
});

describe('tasks suite over HTTP', () => {
  let notes: RunningServer | undefined;
  beforeAll(async () => {
    notes = await startHttpServer();
  });
  afterAll(async () => {
    await notes?.stop();
  });

  const HTTP_CASES: Case[] = [
    { id: 'tasks.http-mcp-name', broken: 'tasks-name-header-unchecked', code: 'mismatch-accepted', options: MODERN },
    { id: 'tasks.result-exact', broken: 'tasks-result-early', code: 'returned-before-terminal', options: LEGACY },
    { id: 'tasks.durable-creation', broken: 'tasks-not-durable', code: 'not-durable', options: MODERN },
    { id: 'tasks.failed-only-on-error', broken: 'tasks-listen-sends-log', code: 'notification-on-task-stream', options: MODERN },
  ];
  for (const { id, broken, code, options, status = 'fail' } of HTTP_CASES) {
    it(`${id}: passes on the notes server, ${status}s on ${broken} (${code})`, async () => {
      await expectCheck(id, httpTarget(notes!.url), 'pass', options);
      const server = await startHttpServer(fixture(broken));
      try {
        expectFinding(await expectCheck(id, httpTarget(server.url), status, options), code, status);
      } finally {
        await server.stop();
      }
    });
  }

  it('tasks.http-mcp-name judges tasks/update and tasks/cancel too, not only tasks/get', async () => {
    const server = await startHttpServer(fixture('tasks-name-header-get-only'));
    try {
      const result = await expectCheck('tasks.http-mcp-name', httpTarget(server.url), 'fail', MODERN);
      expectFinding(result, 'mismatch-accepted', 'fail');
      const methods = (code: string) =>
        result.findings.filter((finding) => finding.code === code).map((finding) => (finding.location as { method?: string })?.method);
      expect(methods('mismatch-accepted')).toEqual(['tasks/update', 'tasks/cancel']);
      expect(methods('missing-header-accepted')).toEqual(['tasks/update', 'tasks/cancel']);
    } finally {
      await server.stop();
    }
  });

  it('the whole suite is clean on the notes server in both eras', async () => {
    for (const era of ['modern', 'legacy'] as const) {
      const { runCheckRun } = await import('../../src/check/run.js');
      const report = await runCheckRun(httpTarget(notes!.url), { era, suites: ['tasks'], timeoutMs: 5000 });
      expect(report.results.filter((result) => !['pass', 'skip'].includes(result.status)).map((result) => `${result.id}: ${result.message}`)).toEqual([]);
      expect(report.results.filter((result) => result.status === 'pass').length).toBeGreaterThanOrEqual(era === 'modern' ? 4 : 3);
    }
  });
});

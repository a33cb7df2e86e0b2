/**
 * A check's timeout reaches its requests: the server is told (stdio: notifications/cancelled;
 * HTTP: the request's stream closes), the timed-out check sends nothing more, and the late answer
 * of its request never lands in the next check's evidence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/connect.js';
import { makeCallPolicy } from '../../src/protocol/call-policy.js';
import { defineCheck, pass } from '../../src/check/define.js';
import { runChecks } from '../../src/check/runner.js';
import type { CheckDefinition, CheckResult } from '../../src/check/types.js';
import { isObject } from '../../src/protocol/jsonrpc.js';
import type { Era } from '../../src/protocol/versions.js';
import type { Target } from '../../src/wire/target.js';
import type { Frame } from '../../src/wire/trace.js';
import { runCheckRun } from '../../src/check/run.js';
import { expectCheck, expectFinding, exampleHttpServer, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const base: Pick<CheckDefinition, 'suite' | 'requirements' | 'eras' | 'transports' | 'spec'> = {
  suite: 'protocol',
  requirements: ['BASE-01'],
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  spec: 'test',
};

/** Gets a prompt that is never answered, then (after its timeout) tries one more request. */
const hangs: CheckDefinition = defineCheck({
  ...base,
  id: 't.hangs-on-call',
  title: 'hangs',
  async run(ctx) {
    await ctx.client.request('prompts/get', { name: 'summarize_note', arguments: { id: 'n1' } }, { timeoutMs: 30_000 }).catch(() => undefined);
    await ctx.client.request('tools/list', { cursor: 'sent-after-the-timeout' }).catch(() => undefined);
    return pass('unreachable');
  },
});

/** The next check: one request whose exchange the late frames fall inside. */
const next: CheckDefinition = defineCheck({
  ...base,
  id: 't.next',
  title: 'next',
  async run(ctx) {
    const outcome = await ctx.client.request('tools/list', {});
    return pass('listed', [ctx.evidence(outcome.frames)]);
  },
});

async function run(target: Target, era: Era): Promise<{ results: CheckResult[]; frames: Frame[] }> {
  const client = await connect(target, { era, timeoutMs: 5000 });
  try {
    const results = await runChecks(
      [hangs, next],
      { client, target, timeoutMs: 5000, callPolicy: makeCallPolicy([], {}), traces: [client.trace] },
      { concurrency: 1, checkTimeoutMs: 800 },
    );
    // The late frames come 150 ms after the cancellation, inside the next check's tools/list.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { results, frames: [...client.trace.frames] };
  } finally {
    await client.close();
  }
}

const sent = (frames: Frame[], method: string): Frame[] =>
  frames.filter((frame) => frame.direction === 'send' && isObject(frame.message) && frame.message.method === method);
const idOf = (frame: Frame | undefined): unknown => (frame && isObject(frame.message) ? frame.message.id : undefined);

describe('cancellation over stdio', () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`${era}: the timed-out check's request is cancelled, nothing follows it, and its late answer stays out of the next check's evidence`, async () => {
      const { results, frames } = await run(fixtureStdio('cancel-never-answers'), era);
      expect(results.map((result) => `${result.id} ${result.status} ${result.code ?? ''}`.trim())).toEqual(['t.hangs-on-call error timeout', 't.next pass']);
      const call = sent(frames, 'prompts/get')[0];
      const cancelled = sent(frames, 'notifications/cancelled');
      expect(cancelled.map((frame) => (frame.message as { params: { requestId: unknown } }).params.requestId)).toEqual([idOf(call)]);
      // The server saw it (its stderr is in the trace).
      expect(frames.some((frame) => frame.kind === 'stderr' && frame.raw.includes(`request ${JSON.stringify(idOf(call))} was cancelled`))).toBe(true);
      // Nothing more from the timed-out check.
      expect(frames.some((frame) => frame.direction === 'send' && frame.raw.includes('sent-after-the-timeout'))).toBe(false);
      // The late answer arrived, inside the next check's exchange, and is not in its evidence.
      const late = frames.find((frame) => frame.direction === 'receive' && isObject(frame.message) && frame.message.id === idOf(call));
      expect(late).toBeDefined();
      const evidence = results[1]!.evidence.flatMap((item) => item.frames ?? []);
      const list = sent(frames, 'tools/list').at(-1)!;
      expect(late!.seq).toBeGreaterThan(list.seq);
      expect(evidence.length).toBeGreaterThan(0);
      expect(evidence.some((frame) => frame.raw.includes('late'))).toBe(false);
    });
  }
});

describe('cancellation over HTTP', () => {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startHttpServer(fixture('cancel-never-answers'));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('modern: the stream of the timed-out request is closed, and no notifications/cancelled is sent', async () => {
    const { results, frames } = await run(httpTarget(server!.url), 'modern');
    expect(results.map((result) => result.status)).toEqual(['error', 'pass']);
    const call = sent(frames, 'prompts/get')[0];
    expect(server!.stderr()).toContain(`request ${JSON.stringify(idOf(call))} was cancelled`);
    expect(sent(frames, 'notifications/cancelled')).toEqual([]);
    expect(frames.some((frame) => frame.direction === 'send' && frame.raw.includes('sent-after-the-timeout'))).toBe(false);
  });

  it('legacy: the stream is closed and notifications/cancelled is POSTed, as 2025-11-25 cancels', async () => {
    const { results, frames } = await run(httpTarget(server!.url), 'legacy');
    expect(results.map((result) => result.status)).toEqual(['error', 'pass']);
    const call = sent(frames, 'prompts/get')[0];
    expect(server!.stderr()).toContain(`request ${JSON.stringify(idOf(call))} was cancelled`);
    expect(sent(frames, 'notifications/cancelled').map((frame) => (frame.message as { params: { requestId: unknown } }).params.requestId)).toEqual([
      idOf(call),
    ]);
  });
});

describe('utilities.cancelled-request-silent (CAN-01, CAN-05)', () => {
  const ID = 'utilities.cancelled-request-silent';
  for (const era of ['modern', 'legacy'] as const) {
    it(`passes on the notes server, which stops a cancelled search (${era})`, async () => {
      await expectCheck(ID, notesStdio(), 'pass', { era });
    });
  }
  it('fails on a server that runs a cancelled call on and answers it (2026: MUST NOT)', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('cancel-ignored'), 'fail'), 'answered-after-cancel', 'fail');
  });
  it('warns on that server in the legacy era (2025-11-25: SHOULD)', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('cancel-ignored'), 'warn', { era: 'legacy' }), 'answered-after-cancel', 'warn');
  });
});

describe('utilities.unknown-cancellation-ignored (CAN-06)', () => {
  const ID = 'utilities.unknown-cancellation-ignored';
  const url = exampleHttpServer();
  it('passes on the notes server over stdio (both eras) and HTTP (legacy)', async () => {
    for (const era of ['modern', 'legacy'] as const) await expectCheck(ID, notesStdio(), 'pass', { era });
    await expectCheck(ID, httpTarget(url()), 'pass', { era: 'legacy' });
  });
  it('warns on a server that answers the cancellation of an unknown request', async () => {
    for (const era of ['modern', 'legacy'] as const)
      expectFinding(await expectCheck(ID, fixtureStdio('cancel-unknown-answered'), 'warn', { era }), 'cancel-answered', 'warn');
  });
});

describe('utilities.server-cancels-only-listen (CAN-03)', () => {
  const ID = 'utilities.server-cancels-only-listen';
  it('passes on the notes server', async () => {
    const report = await runCheckRun(notesStdio(), { timeoutMs: 5000, only: [ID, 'subscriptions.*'] });
    expect(report.results.find((result) => result.id === ID)?.status).toBe('pass');
  });
  it('fails on a server that sends notifications/cancelled for an answered tools/list', async () => {
    const report = await runCheckRun(fixtureStdio('cancel-sent-by-server'), { timeoutMs: 5000, only: [ID, 'tools.list-shape'] });
    expectFinding(report.results.find((result) => result.id === ID)!, 'cancelled-not-listen', 'fail');
  });
});

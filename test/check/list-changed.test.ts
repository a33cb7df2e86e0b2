/**
 * The list_changed checks (tools, resources, prompts): the example server notifies every change
 * toggle_extras (tools, prompts) and add_note (resources) make, in both eras, over stdio and HTTP
 * on 127.0.0.1; a fixture whose lists change silently warns; nothing allowed is incomplete.
 */
import { describe, expect, it } from 'vitest';
import type { Era } from '../../src/protocol/versions.js';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';
import { killLeftovers, leftovers, processMarker } from '../helpers/leftovers.js';
import { defineCheck } from '../../src/check/define.js';
import { judgeListChange } from '../../src/check/probes/tools/list-change.js';
import { runCheckRun } from '../../src/check/run.js';
import type { CheckContext } from '../../src/check/types.js';
import { isObject } from '../../src/protocol/jsonrpc.js';

const CHECKS = ['tools.list-changed-notification', 'resources.list-changed-notification', 'prompts.list-changed-notification'];
const changing = { allowCall: ['toggle_extras', 'add_note'] };
const httpUrl = exampleHttpServer();

describe('list_changed notifications on the example server', () => {
  it.each<[string, Era]>(
    CHECKS.flatMap(
      (id) =>
        [
          [id, 'modern'],
          [id, 'legacy'],
        ] as [string, Era][],
    ),
  )('%s passes over stdio (%s)', async (id, era) => {
    const result = await expectCheck(id, notesStdio(), 'pass', { ...changing, era });
    expect(result.message).toContain('list_changed arrived');
  });

  it.each<[string, Era]>(
    CHECKS.flatMap(
      (id) =>
        [
          [id, 'modern'],
          [id, 'legacy'],
        ] as [string, Era][],
    ),
  )('%s passes over HTTP (%s)', async (id, era) => {
    await expectCheck(id, httpTarget(httpUrl()), 'pass', { ...changing, era });
  });

  it('is incomplete when no tool that changes a list may be called', async () => {
    expectFinding(await expectCheck('tools.list-changed-notification', notesStdio(), 'incomplete'), 'no-callable-tool');
  });

  it('is incomplete when the allowed tools change nothing of that list', async () => {
    expectFinding(await expectCheck('tools.list-changed-notification', notesStdio(), 'incomplete', { allowCall: ['add_note'] }), 'no-change');
  });
});

describe('lists that change without a notification (SHOULD: warns)', () => {
  it.each<[string, Era]>(
    CHECKS.flatMap(
      (id) =>
        [
          [id, 'modern'],
          [id, 'legacy'],
        ] as [string, Era][],
    ),
  )('%s over stdio (%s)', async (id, era) => {
    expectFinding(await expectCheck(id, fixtureStdio('listchanged-silent'), 'warn', { allowCall: ['toggle_extras'], era }), 'no-notification');
  });

  it('over HTTP, both eras', async () => {
    const server = await startHttpServer(fixture('listchanged-silent'));
    try {
      // Each toggle flips the lists back and forth: every run sees a change.
      for (const era of ['modern', 'legacy'] as Era[]) {
        expectFinding(
          await expectCheck('tools.list-changed-notification', httpTarget(server.url), 'warn', { allowCall: ['toggle_extras'], era }),
          'no-notification',
        );
      }
    } finally {
      await server.stop();
    }
  });
});

describe('the list_changed probe when its check is aborted', () => {
  /** A check that runs the tools verdict with a signal of its own, aborted once the probe's tool call was answered. */
  const abortedAfterCall = (timings: { aborted?: number; returned?: number }) =>
    defineCheck({
      id: 't.list-change-aborted',
      title: 't.list-change-aborted',
      suite: 'tools',
      requirements: ['TOOL-14'],
      spec: 'server/tools#list-changed-notification',
      run: async (ctx) => {
        const controller = new AbortController();
        let watcher: NodeJS.Timeout | undefined;
        const openClient: CheckContext['openClient'] = async (options) => {
          const client = await ctx.openClient(options);
          watcher = setInterval(() => {
            const call = client.trace.frames.find((frame) => frame.direction === 'send' && isObject(frame.message) && frame.message.method === 'tools/call');
            const id = isObject(call?.message) ? call.message.id : undefined;
            const called =
              id !== undefined && client.trace.frames.some((frame) => frame.direction === 'receive' && isObject(frame.message) && frame.message.id === id);
            if (called && !controller.signal.aborted) {
              timings.aborted = Date.now();
              controller.abort();
            }
          }, 5);
          return client;
        };
        try {
          return await judgeListChange({ ...ctx, signal: controller.signal, openClient }, 'tools', 'tool');
        } finally {
          timings.returned = Date.now();
          clearInterval(watcher);
        }
      },
    });

  it('stops waiting for the notification at once, not after the full wait', async () => {
    const timings: { aborted?: number; returned?: number } = {};
    await runCheckRun(fixtureStdio('listchanged-silent'), {
      checks: [abortedAfterCall(timings)],
      allowCall: ['toggle_extras'],
      era: 'legacy',
      timeoutMs: 5000,
    });
    expect(timings.aborted).toBeDefined();
    // The notification wait is 1.5 s; an aborted check gives it up within a poll or two.
    expect((timings.returned ?? 0) - (timings.aborted ?? 0)).toBeLessThan(1000);
  });

  it('leaves no server process behind when the check times out mid-probe', async () => {
    const marker = processMarker();
    try {
      const target = { ...fixtureStdio('listchanged-silent'), env: marker };
      const report = await runCheckRun(target, {
        only: ['tools.list-changed-notification'],
        allowCall: ['toggle_extras'],
        era: 'modern',
        checkTimeoutMs: 1200,
      });
      expect(report.results.map((result) => result.id)).toEqual(['tools.list-changed-notification']);
      expect(await leftovers(marker, 3000)).toEqual([]);
    } finally {
      killLeftovers(marker);
    }
  });
});

/**
 * Nothing is left waiting once the work is done: a timer still running after its reason is gone
 * keeps the CLI alive after its report (0.3-0.5 s at the end of every `check` over stdio). An
 * answered probe leaves no grace timer behind, and a closed stdio server no pipe-grace timer.
 */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/client/connect.js';
import { eraMessage, exchangeOrOvertaken } from '../../src/check/probes/protocol/probe.js';
import { spawnStdio } from '../../src/wire/stdio.js';
import { Trace } from '../../src/wire/trace.js';
import { notesStdio } from '../helpers/check.js';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('no timer outlives its reason', () => {
  it('a probe answered at once leaves no grace timer once the request behind it is answered too', async () => {
    const client = await connect(notesStdio(), { era: 'modern', timeoutMs: 5000 });
    try {
      await settle(50);
      const before = timers();
      const answer = await exchangeOrOvertaken(client, eraMessage(client, 'probe-1', 'server/discover'), { timeoutMs: 5000 });
      expect(answer.response).toBeDefined();
      // The request sent behind the probe is answered a moment later.
      await settle(100);
      expect(timers()).toBeLessThanOrEqual(before);
    } finally {
      await client.close();
    }
  });

  it('a stdio server closed leaves no timer', async () => {
    // Past any grace timer an earlier test left running (without the fixes above, 0.5 s).
    await settle(600);
    const before = timers();
    const target = notesStdio();
    if (target.transport !== 'stdio') throw new Error('expected a stdio target');
    const connection = spawnStdio(target, { trace: new Trace() });
    await settle(200);
    await connection.close();
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

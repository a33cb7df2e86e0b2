/**
 * untilQuiet tells a server at work from one waiting for input, by /proc, so timing checks judge
 * the server and not the machine's load. Real processes: one spinning, one asleep.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { groupActivity, untilQuiet } from '../../src/wire/process-activity.js';

const children: ChildProcess[] = [];
function start(code: string): ChildProcess {
  const child = spawn(process.execPath, ['-e', code], { detached: true, stdio: 'ignore' });
  children.push(child);
  return child;
}
afterEach(() => {
  for (const child of children.splice(0)) if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
});
const gone = (child: ChildProcess) => once(child, 'exit');
const settled = (child: ChildProcess) => new Promise((resolve) => setTimeout(resolve, 800)).then(() => child);

describe.runIf(process.platform === 'linux')('process activity', () => {
  it('a sleeping server is quiet soon after the minimum', async () => {
    const child = await settled(start('setInterval(() => {}, 60000)'));
    const started = performance.now();
    await untilQuiet(child.pid!, { minMs: 200, quietMs: 200, maxMs: 5000, gone: gone(child) });
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('a spinning server is never quiet: the wait lasts until the maximum', async () => {
    const child = start('for (;;) {}');
    const started = performance.now();
    await untilQuiet(child.pid!, { minMs: 100, quietMs: 200, maxMs: 1500, gone: gone(child) });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1450);
    expect(groupActivity(child.pid!)?.ticks).toBeGreaterThan(0);
  });

  it('the wait ends when the server exits', async () => {
    const child = start('setTimeout(() => process.exit(0), 300); for (let end = Date.now() + 250; Date.now() < end; );');
    const started = performance.now();
    await untilQuiet(child.pid!, { minMs: 100, quietMs: 5000, maxMs: 10_000, gone: gone(child) });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a group that is gone has no activity', async () => {
    const child = start('process.exit(0)');
    await gone(child);
    expect(groupActivity(child.pid!)).toBeUndefined();
  });
});

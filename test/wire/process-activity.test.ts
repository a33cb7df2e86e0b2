/**
 * untilQuiet tells a server at work from one waiting for input, by /proc, so timing checks judge
 * the server and not the machine's load. Real processes: one spinning, one asleep.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { exitedByProc, groupActivity, untilQuiet } from '../../src/wire/process-activity.js';

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
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A process that exits after `seconds` and is never reaped, alone in a group of its own (setsid):
 * its parent becomes `sleep 30`, which waits for no child. Resolves to its pid once it runs.
 */
async function unreaped(seconds: number): Promise<number> {
  const parent = spawn('sh', ['-c', `setsid sleep ${seconds} & exec sleep 30`], { detached: true, stdio: 'ignore' });
  children.push(parent);
  for (const end = Date.now() + 5000; Date.now() < end; await wait(20)) {
    const [pid] = readFileSync(`/proc/${parent.pid}/task/${parent.pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
    if (pid !== undefined && groupActivity(pid) !== undefined) return pid;
  }
  throw new Error('the child never started in a group of its own');
}
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

  it('a group that is gone has no activity, and its process is known as exited', async () => {
    const child = start('process.exit(0)');
    await gone(child);
    expect(groupActivity(child.pid!)).toBeUndefined();
    expect(exitedByProc(child.pid!)).toBe(true);
  });

  it('a process that exited and waits to be reaped is no live member of its group, and is known as exited', async () => {
    const pid = await unreaped(0.05);
    for (const end = Date.now() + 5000; Date.now() < end && !exitedByProc(pid); ) await wait(20);
    expect(exitedByProc(pid)).toBe(true);
    expect(groupActivity(pid)).toBeUndefined();
    expect(exitedByProc(process.pid)).toBe(false);
  });

  it('the wait ends when the group has exited, before whoever started it hears so', async () => {
    // Under load mcpvet hears of an exit late; meanwhile the exited process must not pass for a quiet one.
    const pid = await unreaped(0.4);
    const started = performance.now();
    await untilQuiet(pid, { minMs: 0, quietMs: 10_000, maxMs: 20_000, gone: new Promise(() => {}) });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(exitedByProc(pid)).toBe(true);
  }, 30_000);
});

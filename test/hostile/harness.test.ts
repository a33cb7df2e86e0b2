/**
 * The harness's own zombie rule, which every hostile case asserts with: a zombie under a parent
 * that sleeps is a leak; one under a parent busy on the CPU (whose loop reaps late) is not yet.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { watchProcesses } from './harness.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const parents: ChildProcess[] = [];
afterEach(() => {
  for (const parent of parents.splice(0)) parent.kill('SIGKILL');
});

/** A parent that never reaps the child it starts (exiting at once), then sleeps or spins for 8 s. */
function parentOfZombie(busy: boolean): ChildProcess {
  const then = busy ? 'exec node -e "const end = Date.now() + 8000; while (Date.now() < end);"' : 'exec sleep 8';
  const parent = spawn('sh', ['-c', `sleep 0.1 & ${then}`], { stdio: 'ignore' });
  parents.push(parent);
  return parent;
}

describe.runIf(process.platform === 'linux')('hostile harness', () => {
  it('reports a zombie its parent leaves while idle, not one its busy parent has yet to reap', async () => {
    const idle = watchProcesses('no-marker', parentOfZombie(false).pid as number);
    const busy = watchProcesses('no-marker', parentOfZombie(true).pid as number);
    await wait(5000);
    idle.stop();
    busy.stop();
    expect(idle.zombies()).toHaveLength(1);
    expect(busy.zombies()).toEqual([]);
  }, 20_000);
});

/** Strays are found by the marker in their environment, however long that environment is. */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { readProcFile } from '../../src/wire/proc-file.js';
import { findMarked, newSpawnMark, SPAWN_MARKER } from '../../src/wire/strays.js';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) process.kill(pid, 'SIGKILL');
});

/** `chars` characters of environment in variables of 50,000 (one variable may hold at most 128 KiB). */
function padded(chars: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: Math.ceil(chars / 50_000) }, (_, index) => [`PADDING_${index}`, 'p'.repeat(50_000)]));
}

function sleeper(env: Record<string, string>): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { env, stdio: 'ignore' });
  started.push(child.pid as number);
  return child.pid as number;
}

describe.runIf(process.platform === 'linux')('findMarked', () => {
  it('finds a process by its spawn token, first or last in a 200 KB environment', () => {
    const last = newSpawnMark(undefined);
    const first = newSpawnMark(undefined);
    const padding = padded(200_000);
    const lastPid = sleeper({ ...padding, [SPAWN_MARKER]: last.value });
    const firstPid = sleeper({ [SPAWN_MARKER]: `outer-token ${first.value}`, ...padding });
    expect(findMarked(last.token)).toEqual([lastPid]);
    expect(findMarked(first.token)).toEqual([firstPid]);
    expect(findMarked(newSpawnMark(undefined).token)).toEqual([]);
  });

  it('reads a /proc file longer than its buffer whole', () => {
    const pid = sleeper({ ...padded(150_000), [SPAWN_MARKER]: 'x' });
    const environ = readProcFile(`/proc/${pid}/environ`);
    expect(environ?.length).toBeGreaterThan(150_000);
    expect(environ).toContain(`${SPAWN_MARKER}=x`);
    expect(readProcFile('/proc/no-such-process/environ')).toBeUndefined();
  });
});

/** Running `mcpvet doctor --format json` and reading its items. */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { CLI } from '../helpers/paths.js';
import { type RunResult, runProcess } from '../helpers/run.js';

export interface Item {
  id: string;
  status: 'pass' | 'fail' | 'warn' | 'skip';
  evidence: string;
  fix?: string;
  curl?: string;
  details?: string[];
}

export interface DoctorJson {
  target: string;
  transport: string;
  items: Item[];
  logHints: { host: string; where: string }[];
  summary: Record<string, number>;
  ok: boolean;
}

export async function doctor(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<{ run: RunResult; json: DoctorJson }> {
  const run = await runProcess(process.execPath, [CLI, 'doctor', '--format', 'json', ...args], {
    timeoutMs: options.timeoutMs ?? 60_000,
    env: options.env,
    cwd: options.cwd,
  });
  let json: DoctorJson;
  try {
    json = JSON.parse(run.stdout) as DoctorJson;
  } catch {
    throw new Error(`doctor printed no JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
  return { run, json };
}

export function itemOf(json: DoctorJson, id: string): Item {
  const found = json.items.find((entry) => entry.id === id);
  expect(found, `no item ${id} in ${json.items.map((entry) => entry.id).join(', ')}`).toBeDefined();
  return found as Item;
}

export const failed = (json: DoctorJson) => json.items.filter((entry) => entry.status === 'fail').map((entry) => entry.id);

/**
 * A unique value for mcpvet's spawn marker: every server doctor starts (in a host's environment
 * too) carries it in MCPVET_SPAWNED_BY, so a test can tell its own leftovers from other tests' servers.
 */
export function spawnMarker(): Record<string, string> {
  return { MCPVET_SPAWNED_BY: `doctor-test-${randomBytes(6).toString('hex')}` };
}

/** Live processes whose environment carries the marker (Linux /proc): what doctor left running. */
export function processesMarked(marker: Record<string, string>): number[] {
  const prefix = `MCPVET_SPAWNED_BY=${marker.MCPVET_SPAWNED_BY}`;
  return readdirSync('/proc')
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid !== process.pid)
    .filter((pid) => {
      try {
        if (
          !readFileSync(`/proc/${pid}/environ`, 'latin1')
            .split('\0')
            .some((entry) => entry.startsWith(prefix))
        )
          return false;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    });
}

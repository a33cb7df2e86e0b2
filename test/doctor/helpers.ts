/** Running `mcpvet doctor --format json` and reading its items. */
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

/** Live processes whose command line contains `text` (Linux /proc): what doctor left running. */
export function processesRunning(text: string): number[] {
  return readdirSync('/proc')
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid !== process.pid)
    .filter((pid) => {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(text)) return false;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    });
}

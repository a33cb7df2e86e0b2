/** Runs the CLI and samples its own peak RSS (VmHWM of its /proc entry, not its children's). */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLI } from './paths.js';
import type { RunResult } from './run.js';

export interface MeasuredRun extends RunResult {
  /** The CLI process's peak resident set, in MiB. */
  peakMiB: number;
}

export function runCliMeasured(args: string[], options: { timeoutMs: number; env?: Record<string, string> }): Promise<MeasuredRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peakKiB = 0;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const sample = setInterval(() => {
      try {
        const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (match) peakKiB = Math.max(peakKiB, Number(match[1]));
      } catch {
        // gone between two samples
      }
    }, 25);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not finish within ${options.timeoutMs} ms\nstderr: ${stderr.slice(-2000)}`));
    }, options.timeoutMs);
    child.on('close', (code, signal) => {
      clearInterval(sample);
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started, peakMiB: Math.round(peakKiB / 1024) });
    });
  });
}

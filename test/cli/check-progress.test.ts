/**
 * `check` progress when stderr is not a terminal (a CI log, a pipe): one line per finished suite,
 * written as the suite finishes (not all at the end), stdout left to the report; `--quiet` none.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const notes = ['--', process.execPath, NOTES_SERVER];
const SUITE_LINE = /^\[suite (\d)\/2\] (lint|stdio): (\d+) checks?, (\d+ (pass|fail|warn|info|skip|incomplete|error)(, )?)+ \(\d+(\.\d+)?m?s\)$/;

describe('check progress without a terminal', () => {
  it('writes a line per finished suite as it finishes, and stdout is only the JSON report', async () => {
    const mcpvet = spawn(process.execPath, [CLI, 'check', '--format', 'json', '--suite', 'lint,stdio', ...notes], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    const lines: { text: string; at: number }[] = [];
    mcpvet.stdout.on('data', (chunk) => (stdout += chunk));
    mcpvet.stderr.on('data', (chunk: Buffer) => {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push({ text, at: Date.now() });
    });
    const timer = setTimeout(() => mcpvet.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => mcpvet.once('close', resolve));
    const exitedAt = Date.now();
    clearTimeout(timer);
    expect(code, lines.map((line) => line.text).join('\n')).toBe(0);
    const report = JSON.parse(stdout) as { results: { suite: string }[] };
    expect(lines.map((line) => line.text)).toHaveLength(2);
    for (const line of lines) expect(line.text).toMatch(SUITE_LINE);
    const lint = lines.find((line) => line.text.includes(' lint: '));
    expect(Number(SUITE_LINE.exec(lint!.text)![3])).toBe(report.results.filter((result) => result.suite === 'lint').length);
    // The stdio suite's exit checks wait at least a second for a fresh process to settle, and the
    // lint suite's two checks read one listing: the lint line came while the run went on.
    expect(exitedAt - lint!.at).toBeGreaterThan(500);
  }, 70_000);

  it('--quiet writes nothing on stderr', async () => {
    const result = await runCli(['check', '--quiet', '--format', 'json', '--suite', 'lint', ...notes]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toHaveProperty('results');
  });
});

/**
 * The GitHub Action's script (action/run.mjs), run as GitHub runs it: a real process with
 * GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_WORKSPACE and INPUT_* pointed at temp files, against
 * the example server and a fixture that fails.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, NOTES_SERVER, ROOT } from '../helpers/paths.js';
import { expectCodeScanningResults } from '../helpers/code-scanning.js';
import { runCli, runProcess } from '../helpers/run.js';

const SCRIPT = join(ROOT, 'action/run.mjs');

async function runAction(inputs: Record<string, string>) {
  const workspace = mkdtempSync(join(tmpdir(), 'mcpvet-action-'));
  const summary = join(workspace, 'step-summary.md');
  const output = join(workspace, 'github-output');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const env: Record<string, string> = { GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, GITHUB_WORKSPACE: workspace, GITHUB_ACTIONS: 'true' };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/-/g, '_').toUpperCase()}`] = value;
  const result = await runProcess(process.execPath, [SCRIPT], { env, cwd: workspace, timeoutMs: 40_000 });
  return { ...result, workspace, summary: readFileSync(summary, 'utf8'), outputs: parseOutputs(readFileSync(output, 'utf8')) };
}

/** GITHUB_OUTPUT as the runner reads it: `key=value` lines and `key<<DELIMITER` blocks. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2] as string, i + 1);
      expect(end, `unterminated ${line}`).toBeGreaterThan(i);
      outputs[heredoc[1] as string] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return outputs;
}

describe('the GitHub Action script', () => {
  it('a clean run: exit 0, the Markdown in the job summary, counts and paths in the outputs, no annotations', async () => {
    const run = await runAction({ command: 'check', args: `-q --suite lint -- "${process.execPath}" "${NOTES_SERVER}"`, sarif: 'true' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.summary).toMatch(/^## mcpvet check: all 2 passed/m);
    expect(run.summary).toBe(readFileSync(run.outputs['markdown-report'] as string, 'utf8'));
    expect(run.summary).toContain('| Suite |');
    expect(run.outputs['exit-code']).toBe('0');
    expect(run.outputs.fail).toBe('0');
    expect(Number(run.outputs.pass)).toBeGreaterThan(0);
    expect(run.outputs.failures).toBe('');
    for (const key of ['json-report', 'markdown-report', 'junit-report', 'sarif-report']) expect(existsSync(run.outputs[key] as string), key).toBe(true);
    expect(run.outputs['report-dir']).toBe(join(run.workspace, 'mcpvet-report'));
    expect(JSON.parse(readFileSync(run.outputs['sarif-report'] as string, 'utf8')).version).toBe('2.1.0');
    expect(run.stdout).not.toMatch(/^::(error|warning)/m);
  }, 60_000);

  it('a failing run: exit 2 propagates, one ::error per failure on stdout, the failing ids in a multi-line output', async () => {
    const run = await runAction({
      command: 'check',
      args: `-q --suite lint,tools -- "${process.execPath}" "${fixture('lint-broken-schema')}"`,
      'annotation-file': 'src/server.ts',
      'output-dir': 'out/reports',
    });
    expect(run.code, run.stderr).toBe(2);
    const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toContain('::error file=src/server.ts,title=lint.no-errors/lint-findings::');
    expect(errors.every((line) => !line.slice(line.indexOf('::', 2) + 2).includes('\n'))).toBe(true);
    expect(run.outputs['exit-code']).toBe('2');
    expect(run.outputs.fail).toBe('2');
    expect(run.outputs.failures?.split('\n').sort()).toEqual(['lint.no-errors/lint-findings', 'tools.input-schema-object-root/root-not-object']);
    expect(run.outputs['sarif-report']).toBeUndefined();
    expect(run.outputs['json-report']).toBe(join(run.workspace, 'out/reports/report.json'));
    expect(run.summary).toMatch(/^## mcpvet check: 2 failed/m);
  }, 60_000);

  it('command "report merge": the shards of a matrix become one summary, one set of annotations and a SARIF file', async () => {
    const shards = mkdtempSync(join(tmpdir(), 'mcpvet-action-shards-'));
    const server = ['--suite', 'lint,tools', '--', process.execPath, fixture('lint-broken-schema')];
    const jobs = await Promise.all(
      [1, 2].map((i) =>
        runCli(['check', '-q', '--shard', `${i}/2`, '--format', 'json', '-o', join(shards, `mcpvet-shard-${i}`), ...server], { timeoutMs: 40_000 }),
      ),
    );
    expect(jobs.map((job) => job.code).sort()).toContain(2);
    const run = await runAction({ command: 'report merge', args: `"${shards}"`, 'annotation-file': 'src/server.ts' });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::error '))).toHaveLength(2);
    expect(run.outputs.fail).toBe('2');
    expect(run.summary).toMatch(/^## mcpvet check: 2 failed/m);
    const log = JSON.parse(readFileSync(run.outputs['sarif-report'] as string, 'utf8'));
    const uris = expectCodeScanningResults(log);
    expect(uris.length).toBeGreaterThanOrEqual(2);
    // The annotation file is where code scanning shows the results too.
    expect(new Set(uris)).toEqual(new Set(['src/server.ts']));
  }, 60_000);

  it('command fuzz: a failure is an ::error, counted in the outputs; SARIF where asked; the Markdown report as the summary', async () => {
    const run = await runAction({
      command: 'fuzz',
      args: `-q --seed 5 --runs 100 --tool lookup --allow-call lookup --regressions regressions.json -- "${process.execPath}" "${fixture('fuzz-crashes-on-empty-string')}"`,
      sarif: 'true',
    });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toMatch(/^::error title=fuzz lookup%3A server-alive::/m);
    expect(run.outputs.fail).toBe('1');
    expect(run.outputs.total).toBe('1');
    expect(existsSync(run.outputs['sarif-report'] as string)).toBe(true);
    expect(run.summary).toMatch(/^## mcpvet fuzz: /m);
    expect(run.summary).toContain('`server-alive`');
  }, 60_000);

  it('bad input: an unknown command or unclosed quote is one error, exit 1, nothing run', async () => {
    const unknown = await runAction({ command: 'serve' });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toMatch(/^::error title=mcpvet action::command "serve"/m);
    const quote = await runAction({ command: 'check', args: '--only "tools.*' });
    expect(quote.code).toBe(1);
    expect(quote.stdout).toContain('unclosed');
  });

  it('a usage error of mcpvet itself (exit 1) still writes the outputs', async () => {
    const run = await runAction({ command: 'check', args: `--shard 4/3 -- "${process.execPath}" "${NOTES_SERVER}"` });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--shard');
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.summary).toMatch(/could not run \(exit 1\)/);
  });
});

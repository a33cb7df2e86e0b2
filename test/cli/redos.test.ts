// Server-supplied patterns run on a linear-time engine: `^(a+)+$` against "aaaa…a!" (years of
// backtracking) must not hold up call, check or lint, wherever the pattern sits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

// Without RE2 each of these runs would never end; runCli kills it and fails at this deadline.
const DEADLINE = { timeoutMs: 20_000 };
const server = (variant: string): string[] => ['--', process.execPath, fixture('redos-pattern-server'), '--variant', variant];
const callGetNote = (variant: string) =>
  runCli(['call', '--method', 'tools/call', '--tool-name', 'get_note', '--tool-arg', 'id=n1', ...server(variant)], DEADLINE);

let scratch: string;
let calls: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'mcpvet-redos-'));
  calls = join(scratch, 'calls.yaml');
  writeFileSync(calls, 'get_note:\n  id: n1\n');
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface CheckResult {
  id: string;
  status: string;
  message: string;
}

async function checkResults(variant: string): Promise<CheckResult[]> {
  const run = await runCli(
    ['check', '--calls', calls, '--only', 'tools.structured-content-valid', '--only', 'lint.*', '--format', 'json', ...server(variant)],
    DEADLINE,
  );
  expect(run.stdout, run.stderr).not.toBe('');
  return (JSON.parse(run.stdout) as { results: CheckResult[] }).results;
}

const result = (results: CheckResult[], id: string): CheckResult => results.find((r) => r.id === id) as CheckResult;

describe('a catastrophic outputSchema pattern', () => {
  it('call judges structuredContent against it at once', async () => {
    const run = await callGetNote('output-pattern');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).warnings).toEqual(['structuredContent does not match the tool\'s outputSchema: /title must match pattern "^(a+)+$"']);
  });

  it('check fails structured-content-valid at once', async () => {
    const results = await checkResults('output-pattern');
    expect(result(results, 'tools.structured-content-valid').status).toBe('fail');
    expect(result(results, 'tools.structured-content-valid').message).toContain('/title must match pattern');
  });

  it('lint judges its `default` against it at once', async () => {
    const run = await runCli(['lint', '--format', 'json', ...server('output-pattern')], DEADLINE);
    const findings = (JSON.parse(run.stdout) as { findings: { ruleId: string; path: string }[] }).findings;
    expect(findings.map((f) => [f.ruleId, f.path])).toContainEqual(['schema.default-invalid', '/outputSchema/properties/title/default']);
  });
});

describe('a catastrophic patternProperties key in the outputSchema', () => {
  it('call and check judge the key against it at once', async () => {
    const run = await callGetNote('output-pattern-properties');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).warnings[0]).toContain('must NOT have additional properties');
    expect(result(await checkResults('output-pattern-properties'), 'tools.structured-content-valid').status).toBe('fail');
  });
});

describe('a catastrophic inputSchema pattern (with a `default` and a `required` name it almost matches)', () => {
  it('lint tests the default and the required name against it at once', async () => {
    const run = await runCli(['lint', '--format', 'json', ...server('input-pattern')], DEADLINE);
    const rules = (JSON.parse(run.stdout) as { findings: { ruleId: string }[] }).findings.map((f) => f.ruleId);
    expect(rules).toContain('schema.default-invalid');
    expect(rules).toContain('schema.required-unsatisfiable');
  });

  it('check runs the lint suite at once', async () => {
    const results = await checkResults('input-pattern');
    // Both findings are advice in check (no MUST behind them), so they land in lint.no-warnings.
    const advice = result(results, 'lint.no-warnings');
    expect(advice.status).toBe('info');
    expect(advice.message).toContain('schema.default-invalid');
    expect(advice.message).toContain('schema.required-unsatisfiable');
  });
});

describe('a pattern RE2 cannot run (lookahead in front of the catastrophic part)', () => {
  it('call does not enforce it, says so, and never backtracks on it', async () => {
    const run = await callGetNote('output-unsupported-pattern');
    expect(run.code, run.stderr).toBe(0);
    const warnings = JSON.parse(run.stdout).warnings as string[];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^outputSchema pattern "\^\(\?!b\)\(a\+\)\+\$" was not checked: lookahead/);
  });

  it('check passes structured-content-valid with the caveat, and lint reports the pattern', async () => {
    const results = await checkResults('output-unsupported-pattern');
    const valid = result(results, 'tools.structured-content-valid');
    expect(valid.status).toBe('pass');
    expect(valid.message).toContain('was not checked');
    expect(result(results, 'lint.no-warnings').message).toContain('schema.pattern-unsupported');
  });
});

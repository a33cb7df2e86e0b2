/** lint in the shared formats (JUnit, HTML) and with a baseline, through the real CLI. */
import { describe, expect, it } from 'vitest';
import { NOTES_SERVER } from '../helpers/paths.js';
import { tempFiles } from '../helpers/temp-files.js';
import { runCli } from '../helpers/run.js';

const { file: write } = tempFiles('mcpvet-lint-formats');

// One error (a boolean inputSchema) and two warnings (the name), all on "bad tool!".
const tools = write(
  'tools.json',
  JSON.stringify({
    tools: [
      { name: 'ok_tool', description: 'Fine.', inputSchema: { type: 'object', additionalProperties: false } },
      { name: 'bad tool!', description: 'Bad name and a boolean schema.', inputSchema: true },
    ],
  }),
);
const lint = (...args: string[]) => runCli(['lint', '--file', tools, ...args]);

describe('lint --format junit and html (the shared result model)', () => {
  it('JUnit: one testcase per rule, the error a <failure> naming the tool, warnings passing with a note', async () => {
    const run = await lint('--format', 'junit');
    expect(run.code).toBe(6);
    expect(run.stdout).toContain('<testsuites name="mcpvet lint"');
    expect(run.stdout).toMatch(/<testcase name="schema\.input-not-object: [^"]*" classname="mcpvet\.lint"[^>]*><failure message="bad tool!: /);
    expect(run.stdout).toMatch(/<testcase name="tool\.name-format: [^"]*"[^>]*><system-out>WARNING \(RULE\)/);
    expect(run.stdout).toContain('code: schema.input-not-object/bad tool!');
    // A saved file reached no server: no era is claimed.
    expect(run.stdout).not.toContain('name="era"');
    expect(run.stdout.match(/<failure /g)?.length).toBe(1);
  });

  it('JUnit of the example server: every rule passes, and the era is the server’s', async () => {
    const run = await runCli(['lint', '--format', 'junit', '--', process.execPath, NOTES_SERVER]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('failures="0"');
    expect(run.stdout).toContain('<property name="era" value="modern"/>');
  });

  it('HTML: one page titled for lint, the failing rule with its tool, its source and its fix', async () => {
    const run = await lint('--format', 'html');
    expect(run.code).toBe(6);
    expect(run.stdout).toMatch(/^<!doctype html>/i);
    expect(run.stdout).toContain('<title>mcpvet lint: ');
    expect(run.stdout).toContain('schema.input-not-object');
    expect(run.stdout).toContain('Fix: Replace it with a schema object');
    expect(run.stdout).toContain('Source: MCP 2026-07-28');
    expect(run.stdout).not.toContain('Requirement coverage');
  });

  it('an unknown format is one line naming the formats lint writes; the old name "text" still works', async () => {
    const bad = await lint('--format', 'xml');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('mcpvet: unknown format "xml" for lint (formats: console, json, junit, markdown, html, sarif)');
    const text = await lint('--format', 'text');
    expect(text.stdout).toContain('1 error, 2 warnings');
    const several = await lint('--format', 'json,junit');
    expect(several.code).toBe(1);
    expect(several.stderr).toContain('--format takes one format for lint');
  });
});

describe('lint --expected-failures (the same baseline as check)', () => {
  it('a listed failing rule is tolerated: exit 0, and the console says it was expected', async () => {
    const run = await lint('--expected-failures', write('listed.yaml', '- schema.input-not-object\n'));
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('1 expected failures');
  });

  it('an entry <rule>/<tool> tolerates that rule on that tool only', async () => {
    const run = await lint('--expected-failures', write('by-tool.yaml', '- schema.input-not-object/bad tool!\n'), '--format', 'json');
    expect(run.code, run.stdout).toBe(0);
    // Unlisted warnings are recorded among the regressions (as check does) but never fail lint.
    expect(JSON.parse(run.stdout).baseline.regressions).toEqual(['portable.name', 'tool.name-format']);
    const other = await lint('--expected-failures', write('other-tool.yaml', '- schema.input-not-object/ok_tool\n'), '--format', 'json');
    expect(other.code).toBe(6);
    expect(JSON.parse(other.stdout).baseline.regressions).toContain('schema.input-not-object');
  });

  it('an unlisted failing rule is a regression: exit 6, named', async () => {
    const run = await lint('--expected-failures', write('unrelated.yaml', '- tool.name-format\n'));
    expect(run.code).toBe(6);
    expect(run.stdout).toContain('regression  schema.input-not-object fails and is not listed');
  });

  it('a listed rule that passes now is stale: exit 6, and JUnit shows it as a failure to remove', async () => {
    const stale = write('stale.yaml', '- schema.input-not-object\n- schema.enum-empty\n');
    const run = await lint('--expected-failures', stale);
    expect(run.code).toBe(6);
    expect(run.stdout).toContain('stale       schema.enum-empty passes now');
    const junit = await lint('--expected-failures', stale, '--format', 'junit');
    expect(junit.stdout).toContain('type="stale-baseline"');
    expect(junit.stdout).toMatch(/schema\.input-not-object[^>]*><skipped message="expected failure/);
  });

  it('a baseline that is not a list is one line and exit 1', async () => {
    const run = await lint('--expected-failures', write('bad.yaml', 'expectedFailures: 3\n'));
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain("expected a list of rule ids, or 'expectedFailures:' with a list");
  });
});

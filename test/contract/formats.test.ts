/** diff and verify in the shared formats (JUnit; verify's Markdown) and with a baseline, through the real CLI. */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-contract-formats-'));

const baselineFile = (name: string, content: string): string => {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
};

async function snapshot(name: string, server: string): Promise<string> {
  const file = join(dir, `${name}.json`);
  const result = await runCli(['snapshot', '-o', file, '--', process.execPath, server]);
  expect(result.code, result.stderr).toBe(0);
  return file;
}

describe('diff --format junit', () => {
  let base: string;
  beforeAll(async () => {
    base = await snapshot('base', NOTES_SERVER);
  });

  it('a removed tool: a failing testcase for that tool, the change kind as its code; exit 2', async () => {
    const after = await snapshot('removed', fixture('contract-tool-removed'));
    const run = await runCli(['diff', base, after, '--format', 'junit']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('<testsuites name="mcpvet diff"');
    expect(run.stdout).toMatch(/<testcase name="tool export_notes: [^"]*" classname="mcpvet\.contract"[^>]*><failure /);
    expect(run.stdout).toContain('code: tool export_notes/breaking');
  });

  it('no change: one passing testcase, exit 0', async () => {
    const run = await runCli(['diff', base, base, '--format', 'junit']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/tests="1" failures="0"/);
  });

  it('--expected-failures accepts a listed breaking change (exit 0), names an unlisted one, and a stale entry', async () => {
    const after = await snapshot('removed-again', fixture('contract-tool-removed'));
    const accepted = await runCli(['diff', base, after, '--expected-failures', baselineFile('accepted.yaml', '- tool export_notes/breaking\n')]);
    expect(accepted.code, accepted.stdout).toBe(0);
    expect(accepted.stdout).toContain('1 expected failures');
    const unlisted = await runCli(['diff', base, after, '--format', 'json', '--expected-failures', baselineFile('other.yaml', '- tool get_note\n')]);
    expect(unlisted.code).toBe(2);
    expect(JSON.parse(unlisted.stdout).baseline).toMatchObject({ regressions: ['tool export_notes'], stale: [] });
    const stale = await runCli(['diff', base, base, '--expected-failures', baselineFile('stale.yaml', '- contract\n')]);
    expect(stale.code).toBe(2);
    expect(stale.stdout).toContain('stale       contract passes now');
  });

  it('a format diff does not write is one line; "text" still means the console report', async () => {
    const bad = await runCli(['diff', base, base, '--format', 'html']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('mcpvet: unknown format "html" for diff (formats: console, json, junit, markdown)');
    const text = await runCli(['diff', base, base, '--format', 'text']);
    expect(text.stdout).toContain('No contract changes');
  });
});

describe('verify --format junit and markdown', () => {
  let cassette: string;
  beforeAll(async () => {
    const script = join(dir, 'steps.yaml');
    writeFileSync(script, ['- list: tools', '- call: {tool: get_note, arguments: {id: n1}}', ''].join('\n'));
    cassette = join(dir, 'base.ndjson');
    const recorded = await runCli(['record', '--script', script, '-o', cassette, '--', process.execPath, NOTES_SERVER]);
    expect(recorded.code, recorded.stderr).toBe(0);
  });

  it('a server that lost a tool: the tools/list testcase fails with the difference; exit 2', async () => {
    const run = await runCli(['verify', cassette, '--format', 'junit', '--', process.execPath, fixture('contract-tool-removed')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('<testsuites name="mcpvet verify"');
    expect(run.stdout).toMatch(/<testcase name="#\d+ tools\/list: [^"]*" classname="mcpvet\.verify"[^>]*><failure message="result\.tools: had 3 items, now 2/);
    expect(run.stdout).toContain('<property name="era" value="modern"/>');
  });

  it('--expected-failures accepts a listed request that differs, and names an unlisted one', async () => {
    const server = ['--', process.execPath, fixture('contract-tool-removed')];
    const json = await runCli(['verify', cassette, '--format', 'json', ...server]);
    const differing = JSON.parse(json.stdout).items.find((item: { status: string }) => item.status === 'different');
    const id = `#${differing.index + 1} ${differing.method}`;
    const accepted = await runCli(['verify', cassette, '--expected-failures', baselineFile('verify.yaml', `- '${id}'\n`), ...server]);
    expect(accepted.code, accepted.stdout).toBe(0);
    expect(accepted.stdout).toContain('1 expected failures');
    const unlisted = await runCli(['verify', cassette, '--expected-failures', baselineFile('verify-other.yaml', "- '#9 ping'\n"), ...server]);
    expect(unlisted.code).toBe(2);
    expect(unlisted.stdout).toContain(`regression  ${id} fails and is not listed`);
  });

  it('Markdown: the same verdict as a job summary; the server as recorded passes', async () => {
    const broken = await runCli(['verify', cassette, '--format', 'markdown', '--', process.execPath, fixture('contract-tool-removed')]);
    expect(broken.stdout).toContain('## mcpvet verify: ');
    expect(broken.stdout).toContain('result.tools: had 3 items, now 2');
    const same = await runCli(['verify', cassette, '--format', 'junit', '--', process.execPath, NOTES_SERVER]);
    expect(same.code, same.stdout).toBe(0);
    expect(same.stdout).toContain('failures="0"');
  });
});

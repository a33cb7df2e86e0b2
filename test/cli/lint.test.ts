import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const savedFile = (content: unknown): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpvet-lint-')), 'tools.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
};

const brokenTools = {
  tools: [
    { name: 'ok_tool', description: 'Fine.', inputSchema: { type: 'object', additionalProperties: false } },
    { name: 'bad tool!', description: 'Bad name and a boolean schema.', inputSchema: true },
  ],
};

describe('mcpvet lint', () => {
  it('the example server lints clean (no findings at all) and exits 0', async () => {
    const result = await runCli(['lint', '--', process.execPath, NOTES_SERVER]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('No lint findings in 9 tool(s)');
  });

  it('a saved tools/list with an invalid tool exits 6 and names the tool, never dropping it', async () => {
    const result = await runCli(['lint', '--file', savedFile(brokenTools), '--format', 'json']);
    expect(result.code).toBe(6);
    const document = JSON.parse(result.stdout);
    const tools = new Set((document.findings as { tool: string }[]).map((finding) => finding.tool));
    expect(tools.has('bad tool!')).toBe(true);
  });

  it('SARIF output names rules and results for code scanning', async () => {
    const file = savedFile(brokenTools);
    const result = await runCli(['lint', '--file', file, '--format', 'sarif']);
    const sarif = JSON.parse(result.stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.length).toBeGreaterThan(0);
    expect(sarif.runs[0].tool.driver.rules.length).toBeGreaterThan(0);
  });

  it('provider profiles add their rules; an unknown profile is a usage error', async () => {
    const tools = savedFile({ tools: [{ name: 'search', description: 'Search.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }] });
    const portable = await runCli(['lint', '--file', tools, '--format', 'json']);
    const strict = await runCli(['lint', '--file', tools, '--profile', 'openai-strict', '--format', 'json']);
    expect(JSON.parse(strict.stdout).findings.some((finding: { profile?: string }) => finding.profile === 'openai-strict')).toBe(true);
    expect(JSON.parse(portable.stdout).findings.some((finding: { profile?: string }) => finding.profile === 'openai-strict')).toBe(false);
    const unknown = await runCli(['lint', '--file', tools, '--profile', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/nope/);
  });

  it('a file that is not a tools/list result is a clear usage error', async () => {
    const result = await runCli(['lint', '--file', savedFile({ hello: 1 })]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('neither a tools/list result');
  });
});

describe('mcpvet call --strict', () => {
  it('prints the whole list, names the invalid tool on stderr, and exits 6', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--strict', '--', process.execPath, fixture('lint-broken-schema')]);
    expect(result.code).toBe(6);
    const output = JSON.parse(result.stdout);
    expect((output.result.tools as { name: string }[]).map((tool) => tool.name)).toContain('get_note');
    expect(output.schemaFindings.some((finding: { tool: string; severity: string }) => finding.tool === 'get_note' && finding.severity === 'error')).toBe(true);
    expect(result.stderr).toMatch(/\[error\] \S+ get_note \/inputSchema/);
    expect(JSON.parse(result.stderr.trim().split('\n').at(-1) as string).error.code).toBe('schema_unportable');
  });

  it('exits 0 on the clean example server', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--strict', '--', process.execPath, NOTES_SERVER]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});

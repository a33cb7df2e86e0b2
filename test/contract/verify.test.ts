import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { structuralDifferences } from '../../src/contract/structural-diff.js';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-verify-'));
const script = join(dir, 'steps.yaml');
writeFileSync(
  script,
  ['- list: tools', '- call: {tool: get_note, arguments: {id: n1}}', '- call: {tool: no_such_tool}', '- read: notes://readme', ''].join('\n'),
);

async function record(name: string, server: string): Promise<string> {
  const file = join(dir, `${name}.ndjson`);
  const result = await runCli(['record', '--script', script, '-o', file, '--', process.execPath, server]);
  expect(result.code, result.stderr).toBe(0);
  return file;
}

describe('mcpvet verify', () => {
  let cassette: string;
  beforeAll(async () => {
    cassette = await record('base', NOTES_SERVER);
  });

  it('the same server answers as recorded: exit 0', async () => {
    const result = await runCli(['verify', cassette, '--', process.execPath, NOTES_SERVER]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\d+ same, 0 different/);
  });

  it('a server that lost a tool answers tools/list differently: exit 2, with the difference', async () => {
    const result = await runCli(['verify', cassette, '--format', 'json', '--', process.execPath, fixture('contract-tool-removed')]);
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout);
    const list = report.items.find((item: { method: string; status: string }) => item.method === 'tools/list' && item.status === 'different');
    expect(list.differences.join('\n')).toMatch(/result\.tools: had 3 items, now 2/);
  });

  it('--ignore leaves out a path that may change', async () => {
    const result = await runCli(['verify', cassette, '--ignore', 'result.tools', '--', process.execPath, fixture('contract-tool-removed')]);
    expect(result.code, result.stdout).toBe(0);
  });

  it('diff of two cassettes classifies what changed', async () => {
    const after = await record('removed', fixture('contract-tool-removed'));
    const result = await runCli(['diff', cassette, after, '--format', 'json']);
    expect(result.code).toBe(2);
    expect(JSON.stringify(JSON.parse(result.stdout).changes)).toContain('export_notes');
  });

  it('a file that is not a cassette is a usage error', async () => {
    const result = await runCli(['verify', script, '--', process.execPath, NOTES_SERVER]);
    expect(result.code).toBe(1);
  });
});

describe('structural comparison', () => {
  it('compares types, keys and meaningful values; other values only with values: true', () => {
    const recorded = { result: { isError: false, content: [{ type: 'text', text: 'a' }], count: 1 } };
    expect(structuralDifferences(recorded, { result: { isError: false, content: [{ type: 'text', text: 'b' }], count: 2 } })).toEqual([]);
    expect(structuralDifferences(recorded, { result: { isError: true, content: [{ type: 'text', text: 'a' }], count: 1 } })).toEqual([
      'result.isError: was false, now true',
    ]);
    expect(structuralDifferences(recorded, { result: { isError: false, content: [{ type: 'text', text: 'a' }], count: '1' } })).toEqual([
      'result.count: was number 1, now string "1"',
    ]);
    expect(structuralDifferences(recorded, { result: { isError: false, content: [{ type: 'text', text: 'b' }], count: 1 } }, { values: true })).toEqual([
      'result.content[0].text: was "a", now "b"',
    ]);
    expect(structuralDifferences(recorded, { result: { isError: false, content: [], count: 1 } }, { ignore: ['result.content'] })).toEqual([]);
    expect(
      structuralDifferences(recorded, { result: { isError: false, content: [{ type: 'text' }], count: 1 } }, { ignore: ['result.content[*].text'] }),
    ).toEqual([]);
  });
});

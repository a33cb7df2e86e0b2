import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-contract-'));

async function snapshot(name: string, server: string, ...args: string[]): Promise<string> {
  const file = join(dir, `${name}.json`);
  const result = await runCli(['snapshot', '-o', file, '--', process.execPath, server, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return file;
}

async function diff(before: string, after: string) {
  const result = await runCli(['diff', before, after, '--format', 'json']);
  return { code: result.code, json: JSON.parse(result.stdout), stderr: result.stderr };
}

describe('snapshot and diff of real server pairs', () => {
  let base: string;
  beforeAll(async () => {
    base = await snapshot('base', NOTES_SERVER);
  });

  it('the same server twice: no changes, exit 0', async () => {
    const again = await snapshot('again', NOTES_SERVER);
    const { code, json } = await diff(base, again);
    expect(code).toBe(0);
    expect(json.changes).toEqual([]);
  });

  const breaking: [string, RegExp][] = [
    ['contract-tool-removed', /export_notes/],
    ['contract-arg-required', /limit/],
    ['contract-became-destructive', /get_note/],
  ];
  for (const [name, subject] of breaking) {
    it(`${name}: breaking, exit 2, suggests a major bump`, async () => {
      const after = await snapshot(name, fixture(name));
      const { code, json } = await diff(base, after);
      expect(code).toBe(2);
      expect(json.suggestedBump).toBe('major');
      const breakingChanges = json.changes.filter((change: { kind: string }) => change.kind === 'breaking');
      expect(breakingChanges.length).toBeGreaterThan(0);
      expect(JSON.stringify(breakingChanges)).toMatch(subject);
    });
  }

  it('additions and a reworded description: compatible, minor, exit 0', async () => {
    const after = await snapshot('compatible', fixture('contract-compatible'));
    const { code, json } = await diff(base, after);
    expect(code).toBe(0);
    expect(json.suggestedBump).toBe('minor');
    expect(json.changes.some((change: { kind: string; subject: string }) => change.kind === 'compatible' && change.subject.includes('count_notes'))).toBe(true);
    expect(json.changes.some((change: { kind: string; subject: string }) => change.kind === 'cosmetic' && change.subject.includes('get_note'))).toBe(true);
  });

  it('a reworded description only: cosmetic, patch', async () => {
    const after = await snapshot('cosmetic', fixture('contract-cosmetic'));
    const { code, json } = await diff(base, after);
    expect(code).toBe(0);
    expect(json.suggestedBump).toBe('patch');
  });

  it('the legacy era of the same server drops modern versions: breaking', async () => {
    const legacy = await snapshot('legacy', NOTES_SERVER, '--era', 'legacy');
    const { code } = await diff(base, legacy);
    expect(code).toBe(2);
  });

  it('--format markdown renders a pull-request summary', async () => {
    const after = join(dir, 'contract-tool-removed.json');
    const result = await runCli(['diff', base, after, '--format', 'markdown']);
    expect(result.stdout).toMatch(/^#+ /m);
    expect(result.stdout).toContain('export_notes');
  });

  it('a file that is not a contract is a usage error with a clear message', async () => {
    const result = await runCli(['diff', base, NOTES_SERVER]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/mcpvet: /);
  });
});

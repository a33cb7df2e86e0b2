/** fuzz in the shared formats (Markdown, HTML) and with a baseline, through the real CLI. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuzzFixture, tempDir } from './helpers.js';

// This server answers a valid negative `offset` of `page` with -32603: one accepts-valid failure.
const fuzzPage = (...flags: string[]) => fuzzFixture('fuzz-error-on-negative', ['--seed', '5', '--tool', 'page', ...flags]);
const baselineFile = (content: string): string => {
  const file = join(tempDir(), 'expected.yaml');
  writeFileSync(file, content);
  return file;
};

describe('fuzz --format markdown and html (the shared result model)', () => {
  it('Markdown and HTML: the failing property with its tool, the minimal input and the command that sends it again', async () => {
    const dir = tempDir();
    const run = await fuzzPage('--format', 'markdown,html,json', '-o', dir);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`wrote 3 report files to ${dir}`);
    const markdown = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(markdown).toContain('## mcpvet fuzz: ');
    expect(markdown).toContain('`accepts-valid`');
    expect(markdown).toContain('page: ');
    expect(markdown).toContain('arguments {"offset":-1}');
    expect(markdown).toContain('reproduce: ');
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('<title>mcpvet fuzz: ');
    expect(html).toContain('accepts-valid');
    expect(html).not.toContain('Requirement coverage');
  });

  it('a format fuzz does not write is one line naming the ones it does', async () => {
    const run = await fuzzPage('--format', 'xml');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('mcpvet: unknown format "xml" for fuzz (formats: console, json, junit, markdown, html, sarif)');
  });
});

describe('fuzz --expected-failures (the same baseline as check)', () => {
  it('a listed failing property is tolerated: exit 0, said on the console and in the JSON', async () => {
    const file = baselineFile('- accepts-valid\n');
    const run = await fuzzPage('--expected-failures', file);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`baseline ${file}: 1 expected failures`);
    const json = await fuzzPage('--expected-failures', file, '--format', 'json');
    expect(JSON.parse(json.stdout).baseline).toEqual({ file, regressions: [], stale: [] });
  });

  it('<property>/<tool> tolerates that property on that tool only', async () => {
    expect((await fuzzPage('--expected-failures', baselineFile('- accepts-valid/page\n'))).code).toBe(0);
    const other = await fuzzPage('--expected-failures', baselineFile('- accepts-valid/other_tool\n'));
    expect(other.code).toBe(2);
    expect(other.stdout).toContain('regression  accepts-valid fails and is not listed');
  });

  it('a listed property that passes now is stale: exit 2, named', async () => {
    const run = await fuzzPage('--expected-failures', baselineFile('- accepts-valid\n- server-alive\n'));
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('stale       server-alive passes now');
  });

  it('a baseline file that cannot be read is one line and exit 1, before any fuzzing', async () => {
    const run = await fuzzPage('--expected-failures', join(tempDir(), 'missing.yaml'));
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('cannot read');
  });
});

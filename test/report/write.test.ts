import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getReporter, REPORTER_NAMES, UnknownReporterError } from '../../src/report/types.js';
import { ReportUsageError, writeReports } from '../../src/report/write.js';
import { mixedReport } from './fixtures.js';
import { parseXml } from './xml.js';

function sink() {
  const chunks: string[] = [];
  return { write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

const root = mkdtempSync(join(tmpdir(), 'mcpvet-reports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('reporter registry', () => {
  it('loads every format by name, each naming itself', async () => {
    expect(REPORTER_NAMES).toEqual(['console', 'json', 'junit', 'markdown', 'html', 'sarif']);
    for (const name of REPORTER_NAMES) expect((await getReporter(name)).name).toBe(name);
  });

  it('rejects an unknown format, listing the known ones', async () => {
    await expect(getReporter('sarif-ish')).rejects.toThrow(/unknown report format 'sarif-ish' \(known: console, json, junit, markdown, html, sarif\)/);
    await expect(getReporter('toString')).rejects.toBeInstanceOf(UnknownReporterError);
  });
});

describe('writeReports', () => {
  it('without -o prints the one format to stdout: console by default, colored only when asked', async () => {
    const out = sink();
    expect(await writeReports(mixedReport(), [], undefined, { stdout: out, color: false })).toEqual({ files: [] });
    expect(out.text()).toMatch(/checks: 3 passed, 1 failed, 1 warnings, 2 skipped, 1 errors\n$/);
    expect(out.text()).not.toContain('\u001b');
  });

  it('without -o, --format json prints exactly one JSON document', async () => {
    const out = sink();
    await writeReports(mixedReport(), ['json'], undefined, { stdout: out, color: true });
    expect(JSON.parse(out.text()).results).toHaveLength(8);
  });

  it('refuses several formats without -o (they cannot share stdout)', async () => {
    await expect(writeReports(mixedReport(), ['console', 'json'], undefined, { stdout: sink() })).rejects.toBeInstanceOf(ReportUsageError);
  });

  it('fails on an unknown format before writing anything', async () => {
    const dir = join(root, 'unknown');
    await expect(writeReports(mixedReport(), ['json', 'nope'], dir, { stdout: sink(), stderr: sink() })).rejects.toBeInstanceOf(UnknownReporterError);
    expect(existsSync(dir)).toBe(false);
  });

  it('with -o writes each format file and the per-suite checks.json, and prints nothing unasked on stdout', async () => {
    const dir = join(root, 'all');
    const out = sink();
    const err = sink();
    const { files } = await writeReports(mixedReport(), ['json', 'junit', 'markdown', 'html', 'json'], dir, { stdout: out, stderr: err, color: true });
    const names = files.map((f) => f.slice(dir.length + 1)).sort();
    expect(names).toEqual([
      'junit.xml',
      'report.html',
      'report.json',
      'report.md',
      'server-protocol/checks.json',
      'server-resources/checks.json',
      'server-tools/checks.json',
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).results).toHaveLength(8);
    expect(parseXml(readFileSync(join(dir, 'junit.xml'), 'utf8')).name).toBe('testsuites');
    expect(JSON.parse(readFileSync(join(dir, 'server-tools/checks.json'), 'utf8'))).toHaveLength(3);
    for (const f of files) expect(readFileSync(f, 'utf8')).not.toContain('\u001b'); // files never colored
    expect(out.text()).toBe(''); // console was not asked for
    expect(err.text()).toBe(`mcpvet: wrote 7 report files to ${dir}\n`);
  });

  it('with -o and console among the formats, prints the console summary on stdout', async () => {
    const out = sink();
    await writeReports(mixedReport(), ['console', 'json'], join(root, 'with-console'), { stdout: out, stderr: sink(), color: true });
    expect(out.text()).toContain('checks: 3 passed');
    expect(out.text()).toContain('\u001b['); // stdout colored as asked
  });

  it('with -o and only console, writes just the checks.json files', async () => {
    const dir = join(root, 'console-only');
    const { files } = await writeReports(mixedReport(), ['console'], dir, { stdout: sink(), stderr: sink() });
    expect(files.every((f) => f.endsWith('checks.json'))).toBe(true);
    expect(files).toHaveLength(3);
  });
});

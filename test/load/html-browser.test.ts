/**
 * A load run's HTML report in a real browser: made by the real CLI against a real server, with the
 * histogram, the time series and the breached threshold; no console error, axe-core clean.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadReport } from '../../src/load/report.js';
import { axeViolations, HAS_CHROMIUM, launchBrowser, openReport, screenshotPath } from '../helpers/browser.js';
import { fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const tmp = mkdtempSync(join(tmpdir(), 'mcpvet-load-html-'));

describe.skipIf(!HAS_CHROMIUM)('the load HTML report in Chromium', () => {
  let browser: Browser;
  let report: LoadReport;

  beforeAll(async () => {
    const args = ['load', '--no-progress', '--method', 'tools/call', '--tool-name', 'sleep', '--tool-arg', 'ms=20', '--rate', '50', '--duration', '2s'];
    args.push(
      '--threshold',
      'p50<1ms',
      '--threshold',
      'errors<1%',
      '--format',
      'json,html,junit,markdown',
      '-o',
      `${tmp}/`,
      '--',
      process.execPath,
      fixture('load-sleepy'),
    );
    const [launched, run] = await Promise.all([launchBrowser(), runCli(args, { timeoutMs: 60_000 })]);
    browser = launched;
    expect(run.code, run.stderr).toBe(2);
    report = JSON.parse(readFileSync(join(tmp, 'report.json'), 'utf8')) as LoadReport;
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the figures, the histogram and the series, and fails on the breached threshold', async () => {
    const { page, context, problems } = await openReport(browser, join(tmp, 'report.html'));
    expect(await page.textContent('h1')).toMatch(/mcpvet .* load/);
    expect(await page.textContent('#load-h + p')).toContain(`${report.requests} requests`);
    const counts = (await page.locator('#hist-h ~ details td').allTextContents()).map(Number);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(report.requests);
    expect(await page.locator('#series-h ~ svg polyline').count()).toBe(2);
    const breached = page.locator('details.finding[data-finding="threshold p50<1ms"]');
    await breached.locator('summary').click();
    expect(await breached.textContent()).toContain('p50<1ms: measured');
    await page.screenshot({ path: screenshotPath(tmp, 'report-load.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
    expect(await axeViolations(browser, join(tmp, 'report.html'))).toEqual([]);
  });

  // Two thresholds, and the soak's memory and descriptor trends (a stdio server).
  it('writes JUnit and Markdown from the same verdicts', () => {
    const junit = readFileSync(join(tmp, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites name="mcpvet load" tests="4" failures="1"/);
    expect(readFileSync(join(tmp, 'report.md'), 'utf8')).toMatch(/## mcpvet load: 1 failed/);
  });
});

/**
 * The shared HTML report of lint and fuzz runs (the one result model) in a real browser: made by
 * the real CLI, loaded from file:// with its CSP in force, a finding expanded, axe-core clean.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, HAS_CHROMIUM, launchBrowser, openReport, screenshotPath } from '../helpers/browser.js';
import { fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const tmp = mkdtempSync(join(tmpdir(), 'mcpvet-engines-html-'));

describe.skipIf(!HAS_CHROMIUM)('lint and fuzz HTML reports in Chromium', () => {
  let browser: Browser;
  let lintPage: string;
  let fuzzPage: string;

  beforeAll(async () => {
    const tools = join(tmp, 'tools.json');
    writeFileSync(tools, JSON.stringify({ tools: [{ name: 'bad tool!', description: 'Bad.', inputSchema: true }] }));
    lintPage = join(tmp, 'lint.html');
    const fuzzDir = join(tmp, 'fuzz');
    const [launched, lint, fuzz] = await Promise.all([
      launchBrowser(),
      runCli(['lint', '--file', tools, '--format', 'html']),
      runCli(
        [
          'fuzz',
          '-q',
          '--seed',
          '5',
          '--tool',
          'page',
          '--regressions',
          join(tmp, 'r.json'),
          '--format',
          'html',
          '-o',
          `${fuzzDir}/`,
          '--',
          process.execPath,
          fixture('fuzz-error-on-negative'),
        ],
        {
          timeoutMs: 30_000,
        },
      ),
    ]);
    browser = launched;
    expect(lint.code).toBe(6);
    writeFileSync(lintPage, lint.stdout);
    expect(fuzz.code, fuzz.stderr).toBe(2);
    fuzzPage = join(fuzzDir, 'report.html');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('lint: loads with no console error, says no era for a saved file, and expands the failing rule', async () => {
    const { page, context, problems } = await openReport(browser, lintPage);
    expect(await page.textContent('h1')).toMatch(/mcpvet .* lint/);
    expect(await page.locator('#era-h').count()).toBe(0);
    const finding = page.locator('details.finding[data-finding="schema.input-not-object"]');
    await finding.locator('summary').click();
    expect(await finding.textContent()).toContain('bad tool!');
    expect(problems).toEqual([]);
    await context.close();
    expect(await axeViolations(browser, lintPage)).toEqual([]);
  });

  it('fuzz: the counts by tool, the failing property with its minimal input, no accessibility violation', async () => {
    const { page, context, problems } = await openReport(browser, fuzzPage);
    expect(await page.textContent('#fuzz-h + p')).toMatch(/calls .*seed 5, 100 runs per tool, 1 failure$/);
    expect(await page.locator('#fuzz-h ~ div table th[scope="row"]').allTextContents()).toEqual(['page']);
    const finding = page.locator('details.finding[data-finding="accepts-valid"]');
    await finding.locator('summary').click();
    expect(await finding.textContent()).toContain('arguments {"offset":-1}');
    await page.screenshot({ path: screenshotPath(tmp, 'report-fuzz.png') });
    expect(problems).toEqual([]);
    await context.close();
    expect(await axeViolations(browser, fuzzPage)).toEqual([]);
  });
});

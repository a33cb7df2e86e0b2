/**
 * The check HTML report in a real browser (Chromium from file://, its CSP in force): produced by
 * the real CLI against a fixture that fails a check over HTTP (so findings carry curl commands)
 * and against the correct example server; filters, findings, the trace viewer, the copy button,
 * two widths, axe-core, and hostile server text that must not run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { axeViolations, HAS_CHROMIUM, launchBrowser, openReport, screenshotPath } from '../helpers/browser.js';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli, startHttpServer } from '../helpers/run.js';
import { frame, report, result } from './fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'mcpvet-html-'));
const FAILING_CHECK = 'errors.invalid-arguments-rejected';

async function checkReport(name: string, args: string[]): Promise<string> {
  const out = join(tmp, name);
  const run = await runCli(['check', '--suite', 'protocol,errors', '--format', 'html', '-o', out, '-q', ...args], { timeoutMs: 45_000 });
  expect([0, 2], run.stderr).toContain(run.code);
  return join(out, 'report.html');
}

const visibleFrames = (page: Page) => page.locator('#trace-list > li:not([hidden])').count();
const shownCount = async (page: Page) => Number(/Showing (\d+) of/.exec((await page.textContent('#trace-count')) ?? '')?.[1]);

describe.skipIf(!HAS_CHROMIUM)('check HTML report in Chromium', () => {
  let browser: Browser;
  let failing: string;
  let clean: string;

  beforeAll(async () => {
    const server = await startHttpServer(fixture('errors-no-input-validation'));
    try {
      [browser, failing, clean] = await Promise.all([
        launchBrowser(),
        checkReport('failing', ['--url', server.url]),
        checkReport('clean', ['--', process.execPath, NOTES_SERVER]),
      ]);
    } finally {
      await server.stop();
    }
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('loads from file:// with no console error and no CSP violation, and shows the summary', async () => {
    for (const file of [failing, clean]) {
      const { page, context, problems } = await openReport(browser, file);
      expect(await page.locator('#verdict-h').isVisible()).toBe(true);
      expect(await page.locator('.cards svg.bar').count()).toBeGreaterThan(0);
      expect(await page.textContent('#era-h + p')).toMatch(/modern/);
      expect(await shownCount(page)).toBeGreaterThan(0);
      await page.screenshot({ path: screenshotPath(tmp, `report-summary-${file === failing ? 'failing' : 'clean'}.png`) });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('filters the trace viewer by direction, check, method, connection and text', async () => {
    const { page, context, problems } = await openReport(browser, failing);
    const all = await visibleFrames(page);
    expect(await shownCount(page)).toBe(all);
    await page.selectOption('#f-dir', 'send');
    const sent = await visibleFrames(page);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(all);
    await page.selectOption('#f-dir', 'receive');
    expect((await visibleFrames(page)) + sent).toBeLessThanOrEqual(all);
    await page.click('#f-clear');
    expect(await visibleFrames(page)).toBe(all);
    await page.selectOption('#f-method', 'tools/call');
    const calls = await visibleFrames(page);
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(all);
    for (const text of await page.locator('#trace-list > li:not([hidden]) summary code').allTextContents()) expect(text).toContain('tools/call');
    await page.click('#f-clear');
    await page.selectOption('#f-conn', '0');
    expect(await visibleFrames(page)).toBeLessThan(all);
    await page.click('#f-clear');
    await page.fill('#f-text', 'no-such-text-anywhere');
    expect(await visibleFrames(page)).toBe(0);
    expect(await page.textContent('#trace-count')).toBe(`Showing 0 of ${all} frames`);
    await page.fill('#f-text', '');
    // A frame expands into its pretty JSON.
    await page.locator('#trace-list > li summary').first().click();
    await expect(page.locator('#trace-list > li pre.pretty').first().textContent()).resolves.toContain('"jsonrpc": "2.0"');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('expands a finding, follows it into the trace viewer, and copies its curl command', async () => {
    const { page, context, problems } = await openReport(browser, failing);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const finding = page.locator(`details.finding[data-finding="${FAILING_CHECK}"]`);
    await finding.locator('> summary').click();
    await expect(finding.getAttribute('open')).resolves.toBe('');
    await expect(finding.textContent()).resolves.toMatch(/TOOL-\d+/);
    expect(await finding.locator('a[href^="https://modelcontextprotocol.io/specification/"]').count()).toBeGreaterThan(0);
    // Evidence: HTTP status and headers, pretty JSON.
    await finding.locator('details.frame summary').first().click();
    await expect(finding.locator('details.frame table').first().textContent()).resolves.toContain('content-type');
    await finding.screenshot({ path: screenshotPath(tmp, 'report-finding.png') });

    await finding.locator('button.copy').first().click();
    await expect.poll(() => finding.locator('button.copy').first().textContent()).toBe('Copied');
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(copied.startsWith('curl ')).toBe(true);
    expect(copied).toBe(await finding.locator('.curl pre').first().textContent());

    await finding.locator('button.show-trace').click();
    expect(await page.inputValue('#f-check')).toBe(FAILING_CHECK);
    const shown = page.locator('#trace-list > li:not([hidden])');
    expect(await shown.count()).toBeGreaterThan(0);
    const frames = (await page.evaluate("JSON.parse(document.getElementById('report-data').textContent).trace.frames")) as Array<{ checks: string[] }>;
    expect(await shown.count()).toBe(frames.filter((f) => f.checks.includes(FAILING_CHECK)).length);
    for (const text of await shown.locator('summary > span.muted').allTextContents()) expect(text).toContain(FAILING_CHECK.slice(0, 20));
    expect(await page.evaluate('document.activeElement.id')).toBe('trace-h');
    await shown.first().locator('summary').click();
    await page.locator('section[aria-labelledby="trace-h"]').screenshot({ path: screenshotPath(tmp, 'report-trace.png') });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a narrow screen (420 px) with nothing wider than the page', async () => {
    const { page, context, problems } = await openReport(browser, failing, 420);
    await page.screenshot({ path: screenshotPath(tmp, 'report-summary-narrow.png') });
    expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(420);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has no axe-core violations, with a finding and a frame open', async () => {
    const violations = await axeViolations(browser, failing, async (page) => {
      await page.locator('details.finding > summary').first().click();
      await page.locator('#trace-list > li summary').first().click();
    });
    expect(violations).toEqual([]);
    expect(await axeViolations(browser, clean)).toEqual([]);
  }, 60_000);

  it('shows hostile server text literally and runs none of it', async () => {
    const attack = `</script><img src=x onerror=alert(1)><script>alert(2)</script>"'`;
    const hostile = report(
      [
        result({
          id: 'tools.name-format',
          status: 'fail',
          title: attack,
          message: attack,
          evidence: [
            {
              frames: [frame({ raw: `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a\\"b'c${attack.replace(/"/g, '\\"')}"}]}}`, direction: 'receive' })],
              note: attack,
              curl: `curl '${attack}'`,
            },
          ],
        }),
      ],
      { target: attack },
    );
    const file = join(tmp, 'hostile.html');
    writeFileSync(file, renderHtml(hostile, { color: false }));
    const { page, context, problems, dialogs } = await openReport(browser, file);
    await page.locator('details.finding > summary').click();
    await page.locator('#trace-list > li summary').first().click();
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(await page.locator('img').count()).toBe(0);
    await expect(page.locator('details.finding > summary').textContent()).resolves.toContain(attack);
    await expect(page.locator('#trace-list pre.pretty').textContent()).resolves.toContain(`a\\"b'c</script><img src=x onerror=alert(1)>`);
    expect(problems).toEqual([]);
    await context.close();
    expect(readFileSync(file, 'utf8').match(/<script/g)).toHaveLength(2);
  });
});

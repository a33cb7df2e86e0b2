/**
 * A real browser for the HTML report tests: Debian's Chromium driven by playwright-core. Tests
 * skip, saying why, where /usr/bin/chromium is absent (`.ci/run` installs it).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT } from './paths.js';

export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM) console.warn(`HTML report browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

// The machine's network is closed: without these flags Chromium keeps dialing out.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 20_000 });
}

export interface LoadedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, page errors (CSP violations are reported as console errors). */
  problems: string[];
  dialogs: string[];
}

/** Opens a report file from file:// at a width, collecting every console error, page error and dialog. */
export async function openReport(browser: Browser, file: string, width = 1280): Promise<LoadedPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(pathToFileURL(file).href);
  return { page, context, problems, dialogs };
}

const axeSource = () => readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page. The report's CSP rightly refuses axe's script, so this one
 * context bypasses CSP; every other test loads the page with its CSP in force.
 */
export async function axeViolations(browser: Browser, file: string, prepare?: (page: Page) => Promise<void>): Promise<string[]> {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href);
    await prepare?.(page);
    await page.addScriptTag({ content: axeSource() });
    // A string: it runs in the page, where `axe` and `document` exist.
    const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations.map((v) => v.id + ': ' + v.help + ' (' + v.nodes.length + ': ' + JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target)) + ')'))`)) as string[];
    return violations;
  } finally {
    await context.close();
  }
}

/**
 * Screenshots go to a temporary folder; with MCPVET_UPDATE_SCREENSHOTS=1 they are written to
 * docs/ (the ones committed there are looked at by a person, not compared).
 */
export function screenshotPath(tmp: string, name: string): string {
  const dir = process.env.MCPVET_UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs') : tmp;
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

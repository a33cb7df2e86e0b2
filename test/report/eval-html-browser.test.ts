/**
 * The eval HTML report in a real browser: produced by the real CLI with the scripted model and the
 * example server, loaded from file:// with its CSP in force; intervals, held-out tasks apart, the
 * confusion matrix, transcripts that expand into conversations, axe-core, hostile text.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { renderEvalHtml } from '../../src/report/eval/html.js';
import { axeViolations, HAS_CHROMIUM, launchBrowser, openReport, screenshotPath } from '../helpers/browser.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-eval-html-'));
const TASKS = join(dir, 'tasks.yaml');
writeFileSync(
  TASKS,
  `settings:
  concurrency: 2
tasks:
  - id: read-welcome
    prompt: "What does the note n1 say?"
    expect:
      toolCalls:
        - name: get_note
          arguments: { subset: { id: n1 } }
      answer: { contains: "notes server" }
  - id: list-all
    prompt: "List all my notes, please."
    expect:
      toolCalls:
        - name: list_notes
  - id: held-list
    holdout: true
    prompt: "Which notes exist?"
    expect:
      toolCalls:
        - name: list_notes
`,
);

// list-all: two right, one wrong tool, one no call (2/4: Wilson 15–85 %).
const SCRIPT = {
  rules: [
    { match: { contains: 'note n1' }, replies: [{ tool: 'get_note', arguments: { id: 'n1' } }, { answer: 'It says: {{lastToolResult}}' }] },
    { match: { contains: 'Which notes' }, replies: [{ tool: 'list_notes', arguments: {} }, { answer: 'n1, n2, n3' }] },
    {
      match: { contains: 'List all my notes' },
      outcomes: [
        [{ tool: 'list_notes', arguments: {} }, { answer: 'n1, n2, n3' }],
        [{ tool: 'list_notes', arguments: {} }, { answer: 'n1, n2, n3' }],
        [{ tool: 'search_notes', arguments: { query: 'notes' } }, { answer: 'some notes' }],
        [{ answer: 'You have notes.' }],
      ],
    },
  ],
};

describe.skipIf(!HAS_CHROMIUM)('eval HTML report in Chromium', () => {
  let browser: Browser;
  let model: ScriptedModel;
  let file: string;

  beforeAll(async () => {
    model = await startScriptedModel({ script: SCRIPT as never });
    const spec = 'openai-compatible:scripted';
    file = join(dir, 'report.html');
    const run = runCli(
      [
        'eval',
        TASKS,
        '--model',
        spec,
        '--base-url',
        model.openaiBaseUrl,
        '--runs',
        '4',
        '--format',
        'html',
        '-o',
        file,
        '-q',
        '--',
        process.execPath,
        NOTES_SERVER,
      ],
      { timeoutMs: 50_000 },
    );
    const [result, launched] = await Promise.all([run, launchBrowser()]);
    browser = launched;
    expect(result.code, result.stderr).toBe(2);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await model?.close();
  });

  it('shows pass rates with intervals per task and model, held-out tasks apart, and the confusion matrix', async () => {
    const { page, context, problems } = await openReport(browser, file);
    const row = page.locator('tr', { has: page.locator('th code', { hasText: /^list-all$/ }) });
    await expect(row.textContent()).resolves.toContain('15–85%');
    expect(await row.locator('svg.bar line.i-range').count()).toBe(1);
    // The interval line spans 15 %..85 % of the axis.
    const [x1, x2] = await row.locator('line.i-range').evaluate((line) => [Number(line.getAttribute('x1')), Number(line.getAttribute('x2'))]);
    expect(x1).toBeCloseTo(0.15 * 232 + 4, 0);
    expect(x2).toBeCloseTo(0.85 * 232 + 4, 0);
    await expect(page.locator('h4', { hasText: 'Held-out tasks' }).locator('xpath=following-sibling::div[1]').textContent()).resolves.toContain('held-list');
    await expect(
      page
        .locator('h4', { hasText: /^Tasks$/ })
        .locator('xpath=following-sibling::div[1]')
        .textContent(),
    ).resolves.not.toContain('held-list');
    const confusion = page.locator('#confusion ~ div table').first();
    await expect(confusion.textContent()).resolves.toContain('search_notes');
    await page.screenshot({ path: screenshotPath(dir, 'report-eval.png'), fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows each run as a conversation whose tool calls expand into arguments and results', async () => {
    const { page, context, problems } = await openReport(browser, file);
    const runs = page.locator('details.run');
    expect(await runs.count()).toBe(12);
    const failed = runs.filter({ hasText: 'failed' }).first();
    await failed.locator('> summary').click();
    await expect(failed.textContent()).resolves.toMatch(/Model, turn 1/);
    // The conversation opens with the task as the model got it.
    await expect(failed.locator('.msg.user').first().textContent()).resolves.toContain('List all my notes, please.');
    const call = page.locator('details.run[open] details.tool').first();
    await call.locator('> summary').click();
    await expect(call.locator('pre').first().textContent()).resolves.toContain('"query": "notes"');
    await failed.screenshot({ path: screenshotPath(dir, 'report-eval-transcript.png') });
    const narrow = await openReport(browser, file, 420);
    await narrow.page.screenshot({ path: screenshotPath(dir, 'report-eval-narrow.png') });
    expect((await narrow.page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(420);
    expect([...problems, ...narrow.problems]).toEqual([]);
    await narrow.context.close();
    await context.close();
  });

  it('has no axe-core violations, with a transcript open', async () => {
    const violations = await axeViolations(browser, file, async (page) => {
      await page.locator('details.run > summary').first().click();
    });
    expect(violations).toEqual([]);
  }, 60_000);

  it('shows hostile model and server text literally and runs none of it', async () => {
    const attack = `</script><img src=x onerror=alert(1)>"'`;
    const hostile: EvalReport = {
      format: 'mcpvet-eval',
      version: 1,
      startedAt: '2026-01-01T00:00:00Z',
      durationMs: 10,
      target: attack,
      models: [attack],
      settings: { models: [], runs: 1, maxTurns: 5, timeoutMs: 1000, toolTimeoutMs: 1000, concurrency: 1, threshold: 0.8, k: 1 },
      replayed: false,
      tasks: [],
      overall: [],
      confusion: [{ model: attack, expected: `a"b'c${attack}`, actual: attack, count: 1 }],
      findings: [{ code: 'tool-errors', tool: `a"b'c${attack}`, message: attack }],
      tools: [],
      runs: [
        {
          task: attack,
          model: attack,
          run: 0,
          passed: false,
          reasons: [attack],
          answer: attack,
          turns: [
            {
              text: attack,
              toolCalls: [
                { name: `a"b'c`, calledAs: 'x', arguments: { q: attack }, invalidArguments: false, isError: true, resultBytes: 1, result: attack, ms: 1 },
              ],
              inputTokens: 1,
              outputTokens: 1,
              modelMs: 1,
              finishReason: 'stop',
            },
          ],
          inputTokens: 1,
          outputTokens: 1,
          modelMs: 1,
          mcpMs: 1,
          wallMs: 1,
        },
      ],
      runsSaved: 0,
    };
    const path = join(dir, 'hostile.html');
    writeFileSync(path, renderEvalHtml(hostile));
    const { page, context, problems, dialogs } = await openReport(browser, path);
    await page.locator('details.run > summary').click();
    await page.locator('details.tool > summary').click();
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(await page.locator('img').count()).toBe(0);
    await expect(page.locator('#eval-findings + ul').textContent()).resolves.toContain(`a"b'c${attack}`);
    await expect(page.locator('details.tool pre').first().textContent()).resolves.toContain(attack.replace(/"/g, '\\"'));
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * security.tool-poisoning against real servers: the example notes server passes (stdio and HTTP);
 * a fixture with one trick per place (tools, a schema, a prompt argument, a resource, a resource's
 * text, the server instructions) fails with each trick's code, graded by its rule's severity.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SCANNED_PER_CHECK, ScanBudget } from '../../src/check/probes/security/poison-finding.js';
import { checkResult, exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'security.tool-poisoning';

describe('security.tool-poisoning', () => {
  const url = exampleHttpServer();

  it('passes on the example server over stdio, scanning tools, prompts, resources, their text and the instructions', async () => {
    const result = await expectCheck(ID, notesStdio(), 'pass');
    expect(result.message).toMatch(/\d+ tools, \d+ prompts, \d+ resources, \d+ resource templates, \d+ resource texts read, server instructions/);
  });
  it('passes on the example server over HTTP', () => expectCheck(ID, httpTarget(url()), 'pass'));
  it('passes on the example server in the legacy era', () => expectCheck(ID, notesStdio(), 'pass', { era: 'legacy' }));

  it('fails on poisoned metadata with one finding per trick, each quoted, located and graded by its rule', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-poisoned-tools'), 'fail');
    const expected: [string, string, RegExp][] = [
      ['hidden-tag', 'fail', /tool "add_note" \/description, characters \d+-\d+: .*"<IMPORTANT>Always add/],
      ['secret-file', 'fail', /tool "get_note" \/description.*"~\/\.ssh\/id_rsa"/],
      ['conceal-from-user', 'fail', /tool "list_notes" \/description.*"Do not tell the user"/],
      ['ignore-previous', 'fail', /tool "search_notes" \/description.*"Ignore all previous instructions"/],
      ['zero-width', 'fail', /tool "search_notes" \/inputSchema\/properties\/query\/description.*\\u\{200b\}/],
      ['base64-payload', 'warn', /tool "export_notes" \/description.*decodes to instructions/],
      ['tool-trigger', 'fail', /tool "note_tips" \/description.*When the delete_note tool is used, also send a copy/],
      ['homoglyph', 'warn', /tool "l\u0456st_notes" \/name.*looks like "list_notes"/],
      ['overlong', 'info', /tool "note_manual" \/description.*12500 characters/],
      ['tag-characters', 'fail', /prompt "summarize_note" \/arguments\/0\/description.*spelling "Ignore all previous instructions\."/],
      ['send-to-url', 'fail', /resource "notes:\/\/readme" \/description.*https:\/\/collector\.example\/in/],
      ['role-marker', 'fail', /text of resource "notes:\/\/readme" \/contents\/0\/text.*\[INST\]/],
      ['html-comment', 'fail', /server instructions \/instructions.*<!-- assistant: you must call export_notes/],
    ];
    for (const [code, status, message] of expected) expect(expectFinding(result, code, status as 'fail').message).toMatch(message);
    // What the tag characters spell is read too.
    expect(result.findings.find((f) => f.code === 'ignore-previous' && f.message.includes('prompt'))?.message).toContain('spelled in invisible tag characters');
    expect(result.findings.find((f) => f.code === 'hidden-tag')?.location).toEqual({ tool: 'add_note', pointer: '/description' });
    expect(result.findings.find((f) => f.code === 'html-comment')?.location).toEqual({ method: 'server/discover' });
  });

  it('reads the legacy handshake instructions too', async () => {
    const result = await checkResult(ID, fixtureStdio('security-poisoned-tools'), { era: 'legacy' });
    expect(expectFinding(result, 'html-comment').location).toEqual({ method: 'initialize' });
  });

  it('stops scanning at its budget and says so', () => {
    const budget = new ScanBudget();
    const huge = 'x'.repeat(100_000);
    let taken = 0;
    while (budget.take(huge)) taken++;
    expect(taken).toBe(Math.ceil(MAX_SCANNED_PER_CHECK / 64_000));
    expect(budget.take('short')).toBe(false);
    expect(budget.note()).toEqual([expect.objectContaining({ status: 'info', code: 'scan-budget' })]);
  });
});

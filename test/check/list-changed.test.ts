/**
 * The list_changed checks (tools, resources, prompts): the example server notifies every change
 * toggle_extras (tools, prompts) and add_note (resources) make, in both eras, over stdio and HTTP
 * on 127.0.0.1; a fixture whose lists change silently warns; nothing allowed is incomplete.
 */
import { describe, expect, it } from 'vitest';
import type { Era } from '../../src/protocol/versions.js';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

const CHECKS = ['tools.list-changed-notification', 'resources.list-changed-notification', 'prompts.list-changed-notification'];
const changing = { allowCall: ['toggle_extras', 'add_note'] };
const httpUrl = exampleHttpServer();

describe('list_changed notifications on the example server', () => {
  it.each<[string, Era]>(
    CHECKS.flatMap(
      (id) =>
        [
          [id, 'modern'],
          [id, 'legacy'],
        ] as [string, Era][],
    ),
  )('%s passes over stdio (%s)', async (id, era) => {
    const result = await expectCheck(id, notesStdio(), 'pass', { ...changing, era });
    expect(result.message).toContain('list_changed arrived');
  });

  it.each<[string, Era]>(
    CHECKS.flatMap(
      (id) =>
        [
          [id, 'modern'],
          [id, 'legacy'],
        ] as [string, Era][],
    ),
  )('%s passes over HTTP (%s)', async (id, era) => {
    await expectCheck(id, httpTarget(httpUrl()), 'pass', { ...changing, era });
  });

  it('is incomplete when no tool that changes a list may be called', async () => {
    expectFinding(await expectCheck('tools.list-changed-notification', notesStdio(), 'incomplete'), 'no-callable-tool');
  });

  it('is incomplete when the allowed tools change nothing of that list', async () => {
    expectFinding(await expectCheck('tools.list-changed-notification', notesStdio(), 'incomplete', { allowCall: ['add_note'] }), 'no-change');
  });
});

describe('lists that change without a notification (SHOULD: warns)', () => {
  it.each<[string, Era]>(
    CHECKS.flatMap(
      (id) =>
        [
          [id, 'modern'],
          [id, 'legacy'],
        ] as [string, Era][],
    ),
  )('%s over stdio (%s)', async (id, era) => {
    expectFinding(await expectCheck(id, fixtureStdio('listchanged-silent'), 'warn', { allowCall: ['toggle_extras'], era }), 'no-notification');
  });

  it('over HTTP, both eras', async () => {
    const server = await startHttpServer(fixture('listchanged-silent'));
    try {
      // Each toggle flips the lists back and forth: every run sees a change.
      for (const era of ['modern', 'legacy'] as Era[]) {
        expectFinding(
          await expectCheck('tools.list-changed-notification', httpTarget(server.url), 'warn', { allowCall: ['toggle_extras'], era }),
          'no-notification',
        );
      }
    } finally {
      await server.stop();
    }
  });
});

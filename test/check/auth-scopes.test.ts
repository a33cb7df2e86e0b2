/**
 * auth.step-up-scopes-suffice (AUTH-07) and auth.scope-hierarchy (AUTH-09): the notes server's
 * bearer auth passes both; fixtures name scopes one at a time, or ignore the scope hierarchy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../examples/notes-server/auth.js';
import type { Target } from '../../src/wire/target.js';
import { expectCheck, expectFinding } from '../helpers/check.js';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';
import { bearer, notesTokens } from '../helpers/tokens.js';

const STEP_UP = 'auth.step-up-scopes-suffice';
const HIERARCHY = 'auth.scope-hierarchy';

function serverFor(file: string, args: string[] = []): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startHttpServer(file, args);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => server!;
}

function run(url: string, fullToken?: string) {
  const { full, ...tokens } = notesTokens(url);
  const target: Target = { transport: 'http', url, headers: bearer(fullToken ?? full) };
  return { target, tokens };
}

describe('on the notes server with --auth', () => {
  const server = serverFor(NOTES_SERVER, ['--auth']);
  it('both pass', async () => {
    const { target, tokens } = run(server().url);
    const stepUp = await expectCheck(STEP_UP, target, 'pass', { tokens });
    expect(stepUp.message).toContain('export_notes');
    await expectCheck(HIERARCHY, target, 'pass', { tokens });
  });
  it('are incomplete and name the flag when its token is not given', async () => {
    const { target, tokens } = run(server().url);
    const { stepUp: _stepUp, broadScope: _broad, ...without } = tokens;
    for (const [id, flag] of [
      [STEP_UP, '--token-step-up'],
      [HIERARCHY, '--token-broad-scope'],
    ] as const) {
      const result = await expectCheck(id, target, 'incomplete', { tokens: without });
      expectFinding(result, 'no-token', 'incomplete');
      expect(result.message).toContain(flag);
    }
  });
  it('do not run in the legacy era (both rules are new in 2026-07-28)', async () => {
    const { target, tokens } = run(server().url);
    await expectCheck(STEP_UP, target, 'skip', { tokens, era: 'legacy' });
    await expectCheck(HIERARCHY, target, 'skip', { tokens, era: 'legacy' });
  });
});

describe('on a server whose challenges name one missing scope at a time', () => {
  const server = serverFor(fixture('auth-scopes-one-at-a-time'));
  it(`${STEP_UP} warns with scopes-one-at-a-time`, async () => {
    const { target, tokens } = run(server().url);
    const result = await expectCheck(STEP_UP, target, 'warn', { tokens });
    expectFinding(result, 'scopes-one-at-a-time', 'warn');
    expect(result.message).toContain('notes:write');
  });
});

describe('on a server that ignores scope hierarchies', () => {
  const server = serverFor(fixture('auth-scope-hierarchy-ignored'));
  it(`${HIERARCHY} fails with broader-scope-refused`, async () => {
    const url = server().url;
    const listed = mintToken({ sub: 'alice', aud: url, scope: 'notes:read notes:write notes:export', exp: Math.floor(Date.now() / 1000) + 3600 });
    const { target, tokens } = run(url, listed);
    expectFinding(await expectCheck(HIERARCHY, target, 'fail', { tokens }), 'broader-scope-refused', 'fail');
  });
});

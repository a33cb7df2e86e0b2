/**
 * The case loop of the http suite tests: each case runs one check against the notes server, where
 * it must pass, then against a fixture server breaking exactly its rule, where it must fail (or
 * warn, for SHOULD rules) with the finding's code. One notes server per era mode is shared by the
 * cases of a file; each fixture server lives for its own case.
 */
import { afterAll, beforeAll, it } from 'vitest';
import type { CheckRunOptions } from '../../src/check/run.js';
import type { Status } from '../../src/check/types.js';
import { expectCheck, expectFinding, httpTarget } from './check.js';
import { fixture } from './paths.js';
import { startHttpServer, type RunningServer } from './run.js';

export type NotesMode = 'dual' | 'modern';

export interface HttpCase {
  id: string;
  /** The fixture breaking exactly this rule. */
  broken: string;
  /** Which notes server passes: the default dual-era one, or one started with --era modern (the fixture too). */
  server?: NotesMode;
  options?: CheckRunOptions;
  failStatus?: Status;
  /** The code of the finding the fixture must be caught by (not merely some failure). */
  code: string;
}

/** The shared notes servers, started before the file's tests and stopped after them. */
export function notesServers(): (mode: NotesMode) => string {
  const servers: Partial<Record<NotesMode, RunningServer>> = {};
  beforeAll(async () => {
    [servers.dual, servers.modern] = await Promise.all([startHttpServer(), startHttpServer(undefined, ['--era', 'modern'])]);
  });
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server?.stop()));
  });
  return (mode) => {
    const server = servers[mode];
    if (!server) throw new Error(`the ${mode} notes server is not running (use the URL inside a test)`);
    return server.url;
  };
}

/** One test per case: passes on the notes server, fails (or warns) with `code` on the fixture. */
export function runHttpCases(cases: HttpCase[], notesUrl: (mode: NotesMode) => string): void {
  for (const { id, broken, server = 'dual', options = {}, failStatus = 'fail', code } of cases) {
    it(`${id}${options.era ? ` (${options.era})` : ''}: passes on the notes server, ${failStatus}s with ${code} on ${broken}`, async () => {
      await expectCheck(id, httpTarget(notesUrl(server)), 'pass', options);
      const fixtureServer = await startHttpServer(fixture(broken), server === 'modern' ? ['--era', 'modern'] : []);
      try {
        expectFinding(await expectCheck(id, httpTarget(fixtureServer.url), failStatus, options), code, failStatus);
      } finally {
        await fixtureServer.stop();
      }
    });
  }
}

/**
 * Canary tests for the auth suite's --token-* values: a protected server that echoes each refused
 * token in its challenge and body; none of them reaches check's console, stderr or any report of -o.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/paths.js';
import { runCli, startHttpServer, type RunningServer } from '../helpers/run.js';
import { bearer, notesTokens } from '../helpers/tokens.js';
import { runCollecting, tmp } from './canary-support.js';

/** Plain values (no token shape), so only literal masking can hide them; the fixture echoes tokens starting "cnry". */
const TOKENS = {
  '--token-expired': 'cnryTokExpired51c',
  '--token-other-audience': 'cnryTokAudience7e2',
  '--token-low-scope': 'cnryTokLowScope3a9',
  '--token-step-up': 'cnryTokStepUp6b1',
  '--token-broad-scope': 'cnryTokBroadScope8f4',
  '--token-other-user': 'cnryTokOtherUser0d4',
};

let server: RunningServer | undefined;
beforeAll(async () => {
  server = await startHttpServer(fixture('auth-token-echo'));
});
afterAll(async () => {
  await server?.stop();
});

describe('auth suite tokens', () => {
  it('check: the console and every report format of -o mask the echoed tokens', async () => {
    const dir = tmp();
    const full = notesTokens(server!.url).full;
    const [name, value] = Object.entries(bearer(full))[0]!;
    const tokenFlags = Object.entries(TOKENS).flat();
    const outputs = await runCollecting(
      'check',
      [
        'check',
        '--suite',
        'auth',
        '-o',
        dir,
        '--format',
        'console,json,junit,markdown,html,sarif',
        '--verbose',
        '--url',
        server!.url,
        '--header',
        `${name}: ${value}`,
        ...tokenFlags,
      ],
      dir,
    );
    for (const output of outputs)
      for (const token of [...Object.values(TOKENS), full]) expect(output.text.includes(token), `${output.name} contains ${token}`).toBe(false);
    // The echo arrived (else the test could not fail): the 403 challenge is quoted with the token masked.
    expect(outputs.some((output) => /got token REDACTED/.test(output.text))).toBe(true);
  });

  it('a token flag is refused, unechoed, when it could not be a bearer token or the target is stdio', async () => {
    const bad = await runCli(['check', '--url', server!.url, '--token-expired', 'cnry secret value']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--token-expired');
    expect(bad.stderr).not.toContain('cnry secret value');
    const stdio = await runCli(['check', '--token-low-scope', 'cnryTokLowScope3a9', '--', process.execPath, fixture('auth-token-echo')]);
    expect(stdio.code).toBe(1);
    expect(stdio.stderr).toMatch(/--token-low-scope applies to --url/);
  });
});

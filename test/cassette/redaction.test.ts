/**
 * Canary secrets: an env value given to the server, an Authorization header, tokens in a tool
 * result and a --redact pattern must never reach any file the recorder writes. The control test
 * shows the scan would see a leak: without --redact, the customer id is in the cassette.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '../../src/client/connect.js';
import { readCassette } from '../../src/relay/cassette-format.js';
import { fixture } from '../helpers/paths.js';
import { runCli, startHttpServer, type RunningServer } from '../helpers/run.js';
import { cliTarget, startCli, tempDir } from './support.js';

const ENV_CANARY = 'envcanary-5d1e0c7a';
const HEADER_CANARY = 'hdrcanary-91b2c3d4e5';
const UPSTREAM_HEADER_CANARY = 'upstreamcanary-77aa';
const TOKEN_CANARY = 'ghp_' + 'C4nary'.repeat(6);
const JWT_CANARY = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjYW5hcnkifQ.c2lnbmF0dXJlY2FuYXJ5';
const PATTERN_CANARY = 'customer-4711-canary';
const CANARIES = [ENV_CANARY, HEADER_CANARY, UPSTREAM_HEADER_CANARY, TOKEN_CANARY, JWT_CANARY, PATTERN_CANARY];

/** Every file in the folder, as text, with the canaries it contains. */
function leaks(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const canary of CANARIES) if (text.includes(canary)) found.push(`${name}: ${canary}`);
  }
  return found;
}

describe('no secret reaches a cassette', () => {
  it('stdio: env value (in a result and on stderr), tokens and a --redact pattern', async () => {
    const dir = tempDir();
    const file = join(dir, 'leaky.ndjson');
    const target = cliTarget(['record', '-o', file, '--redact', 'customer-\\d+-canary', '-e', `CANARY_ENV=${ENV_CANARY}`], [fixture('cassette-leaky-server')]);
    const client = await connect(target, { era: 'modern', timeoutMs: 5000 });
    const live = await client.callTool('leak');
    await client.close();
    // The client itself saw the secrets: the proxy is transparent, only the file is redacted.
    expect(JSON.stringify(live.result)).toContain(ENV_CANARY);
    expect(JSON.stringify(live.result)).toContain(PATTERN_CANARY);

    expect(leaks(dir)).toEqual([]);
    const cassette = await readCassette(file);
    const kinds = new Map(cassette.header.redactions.map((entry) => [`${entry.kind} ${entry.name}`, entry.count]));
    expect(kinds.get('env CANARY_ENV')).toBeGreaterThanOrEqual(2); // the result and the stderr line
    expect(kinds.get('token github-token')).toBe(1);
    expect(kinds.get('token jwt')).toBe(1);
    expect(kinds.get('pattern --redact #1')).toBe(1);
    expect(readFileSync(file, 'utf8')).toContain('env=[REDACTED:env] token=[REDACTED:token] jwt=[REDACTED:token] customer=[REDACTED:pattern]');
  });

  it('control: without --redact the customer id is written, so the scan does see leaks', async () => {
    const dir = tempDir();
    const client = await connect(cliTarget(['record', '-o', join(dir, 'control.ndjson')], [fixture('cassette-leaky-server')]), {
      era: 'modern',
      timeoutMs: 5000,
    });
    await client.callTool('leak');
    await client.close();
    expect(leaks(dir)).toEqual([`control.ndjson: ${PATTERN_CANARY}`]);
  });

  describe('HTTP', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startHttpServer(fixture('cassette-leaky-server'), [], { CANARY_ENV: ENV_CANARY });
    });
    afterAll(() => server.stop());

    it('the client’s Authorization header, the proxy’s own --header, and tokens in the answer', async () => {
      const dir = tempDir();
      const file = join(dir, 'leaky-http.ndjson');
      const recorder = await startCli([
        'record',
        '-o',
        file,
        '--url',
        server.url,
        '--header',
        `X-Api-Key: ${UPSTREAM_HEADER_CANARY}`,
        '--redact',
        'customer-\\d+-canary',
      ]);
      try {
        const call = await runCli([
          'call',
          '--method',
          'tools/call',
          '--tool-name',
          'leak',
          '--url',
          recorder.url,
          '--header',
          `Authorization: Bearer ${HEADER_CANARY}`,
        ]);
        expect(call.code, call.stderr).toBe(0);
        expect(call.stdout).toContain(TOKEN_CANARY);
      } finally {
        await recorder.stop();
      }
      // The env of an HTTP server is not ours to know; its value is in the answer but not token-shaped.
      const found = leaks(dir).filter((leak) => !leak.endsWith(ENV_CANARY));
      expect(found).toEqual([]);
      const cassette = await readCassette(file);
      const names = cassette.header.redactions.map((entry) => `${entry.kind} ${entry.name}`);
      expect(names).toEqual(expect.arrayContaining(['header authorization', 'token github-token', 'token jwt', 'pattern --redact #1']));
      const request = cassette.frames.find((frame) => frame.dir === 'client' && frame.raw.includes('"leak"'));
      expect(request?.http?.headers.authorization).toBe('[REDACTED:header]');
    });
  });
});

/**
 * Canary tests: secrets given as env values (-e), headers (--header) and query parameters
 * (--url ...?key=), echoed back by a server in results, errors, notifications and stderr,
 * appear in no file and no output stream of call, check, lint, snapshot, record --script and
 * verify, over stdio and over HTTP.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runCli, startHttpServer, type RunningServer } from '../helpers/run.js';
import { CANARY, ECHO_SERVER, expectNoCanary, runCollecting, tmp } from './canary-support.js';

interface Setup {
  /** Target flags: the canaries go in here. */
  target(): string[];
  /** The fixture's echo tool, named after the env value (stdio) or the X-Canary header (HTTP). */
  tool: string;
  /** What shows that the server echoed (with the value masked). */
  echoed: RegExp;
}

let http: RunningServer | undefined;
beforeAll(async () => {
  http = await startHttpServer(ECHO_SERVER);
});
afterAll(async () => {
  await http?.stop();
});

const SETUPS: Record<'stdio' | 'http', Setup> = {
  stdio: {
    target: () => ['-e', `CANARY_ENV=${CANARY.env}`, '--', process.execPath, ECHO_SERVER],
    tool: `echo_${CANARY.env}`,
    echoed: /got env (REDACTED|\[REDACTED:env\])/,
  },
  http: {
    target: () => [
      '--url',
      `${http!.url}?key=${encodeURIComponent(CANARY.query)}`,
      '--header',
      `X-Canary: ${CANARY.header}`,
      '--header',
      `Authorization: Bearer ${CANARY.bearer}`,
    ],
    tool: `echo_${CANARY.header}`,
    echoed: /got query key (REDACTED|\[REDACTED:query\])/,
  },
};

describe('canary secrets through a stdio relay', () => {
  it("record and proxy: the server's stderr echo is masked on mcpvet's stderr", async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const input = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: SETUPS.stdio.tool, arguments: {}, _meta: meta } }) + '\n';
    const server = ['-e', `CANARY_ENV=${CANARY.env}`, '--', process.execPath, ECHO_SERVER];
    const outputs = [];
    for (const relay of [['record', '-o', join(tmp(), 'relay.ndjson')], ['proxy']]) {
      const result = await runCli([...relay, ...server], { timeoutMs: 30_000, env: { CANARY_ENV: '' }, input });
      // stdout is the protocol stream the client asked for, passed on unchanged; stderr is mcpvet's.
      outputs.push({ name: `${relay[0]} stderr`, text: result.stderr });
    }
    expectNoCanary(outputs, /secret-echo: .*got env REDACTED/);
  });
});

describe.each(['stdio', 'http'] as const)('canary secrets over %s', (transport) => {
  const setup = SETUPS[transport];

  it('call: results, tool errors, unknown tools, --format text', async () => {
    const outputs = [
      ...(await runCollecting('tools/list', ['call', '--method', 'tools/list', ...setup.target()])),
      ...(await runCollecting('tools/call', ['call', '--method', 'tools/call', '--tool-name', setup.tool, ...setup.target()])),
      ...(await runCollecting('tools/call text', ['call', '--method', 'tools/call', '--tool-name', setup.tool, '--format', 'text', ...setup.target()])),
      ...(await runCollecting('unknown tool', ['call', '--method', 'tools/call', '--tool-name', 'no_such_tool', ...setup.target()])),
      ...(await runCollecting('initialize', ['call', '--method', 'initialize', ...setup.target()])),
    ];
    expectNoCanary(outputs, setup.echoed);
  });

  it('check: the console and every report format of -o', async () => {
    const dir = tmp();
    const outputs = await runCollecting(
      'check',
      ['check', '-o', dir, '--format', 'console,json,junit,markdown,html,sarif', '--allow-call', 'echo_*', '--verbose', ...setup.target()],
      dir,
    );
    expectNoCanary(outputs, setup.echoed);
  });

  it('lint: text, json, markdown and sarif', async () => {
    const outputs = [];
    for (const format of ['text', 'json', 'markdown', 'sarif'])
      outputs.push(...(await runCollecting(`lint ${format}`, ['lint', '--format', format, ...setup.target()])));
    // Lint shows the tool name, which holds the env value (stdio) or the header value (HTTP).
    expectNoCanary(outputs, /echo_REDACTED/);
  });

  it('snapshot: the contract file and the streams', async () => {
    const dir = tmp();
    const outputs = await runCollecting(
      'snapshot',
      ['snapshot', '-o', join(dir, 'contract.json'), '--with-descriptions', '--allow-call', 'echo_*', ...setup.target()],
      dir,
    );
    expectNoCanary(outputs, setup.echoed);
  });

  it('record --script, then verify: the cassette, the step lines, the verify report', async () => {
    const dir = tmp();
    // The script names the tool (with the canary in it): it is the test's input, outside the output folder.
    const script = join(tmp(), 'script.yaml');
    writeFileSync(script, [`- list: tools`, `- call: { tool: ${setup.tool} }`, `- call: { tool: no_such_tool }`, `- read: notes://nope`].join('\n') + '\n');
    const cassette = join(dir, 'echo.ndjson');
    const outputs = await runCollecting('record', ['record', '-o', cassette, '--script', script, ...setup.target()], dir);
    for (const format of ['text', 'json'])
      outputs.push(...(await runCollecting(`verify ${format}`, ['verify', cassette, '--values', '--format', format, ...setup.target()])));
    expectNoCanary(outputs, setup.echoed);
  });
});

/**
 * The errors suite against real servers: each check passes on the example server and fails (or
 * warns, for SHOULD) on a fixture that breaks exactly its rule; over HTTP where the probe differs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const legacy = { era: 'legacy' } as const;

describe('errors suite', () => {
  it('unknown tool: a -32602 error from the example server', () => expectCheck('errors.unknown-tool', notesStdio(), 'pass'));
  it('unknown tool: warns on a result with isError: true (the spec describes it without a keyword)', async () => {
    const result = await expectCheck('errors.unknown-tool', fixtureStdio('errors-unknown-tool-result'), 'warn');
    expectFinding(result, 'wrong-error');
    expect(result.message).toContain('a result with isError: true');
  });
  it('unknown tool: warns in the legacy era too', async () =>
    expectFinding(await expectCheck('errors.unknown-tool', fixtureStdio('errors-unknown-tool-result'), 'warn', legacy), 'wrong-error'));

  it('invalid arguments rejected: passes on the example server (a readOnly tool is called)', async () => {
    const result = await expectCheck('errors.invalid-arguments-rejected', notesStdio(), 'pass');
    expect(result.message).toMatch(/tools\/call of "(get_note|list_notes|search_notes|export_notes)"/);
  });
  it('invalid arguments rejected: fails when the tool reports success', async () => {
    const result = await expectCheck('errors.invalid-arguments-rejected', fixtureStdio('errors-no-input-validation'), 'fail');
    expectFinding(result, 'accepted');
    expect(result.message).toContain('succeeded');
  });
  it('invalid arguments rejected: probes a missing required argument as well as a wrong type', async () => {
    const result = await expectCheck('errors.invalid-arguments-rejected', notesStdio(), 'pass');
    expect(result.message).toContain('where the inputSchema wants type');
    expect(result.message).toContain('the required argument "id" is missing');
    expect(result.evidence).toHaveLength(2);
  });
  it('invalid arguments rejected: fails when a missing required argument is accepted', async () => {
    const result = await expectCheck('errors.invalid-arguments-rejected', fixtureStdio('errors-missing-argument-accepted'), 'fail');
    expect(result.message).toContain('the required argument "id" is missing');
    expect(result.message).toContain('succeeded');
  });
  it('invalid arguments rejected: a -32602 error counts as rejected', () =>
    expectCheck('errors.invalid-arguments-rejected', fixtureStdio('errors-invalid-args-protocol-error'), 'pass'));

  it('invalid arguments as tool error: passes on the example server', () => expectCheck('errors.invalid-arguments-as-tool-error', notesStdio(), 'pass'));
  it('invalid arguments as tool error: warns on a -32602 protocol error', async () => {
    const result = await expectCheck('errors.invalid-arguments-as-tool-error', fixtureStdio('errors-invalid-args-protocol-error'), 'warn');
    expectFinding(result, 'protocol-error');
    expect(result.message).toContain('SEP-1303');
  });
  it('invalid arguments as tool error: warns when only the missing argument gets -32602', async () => {
    const result = await expectCheck('errors.invalid-arguments-as-tool-error', fixtureStdio('errors-missing-argument-protocol-error'), 'warn');
    expect(result.message).toContain('the required argument "id" is missing');
  });
  it('unknown method: -32601 from the example server', () => expectCheck('errors.unknown-method', notesStdio(), 'pass'));
  it('unknown method: fails on -32603', async () => {
    const result = await expectCheck('errors.unknown-method', fixtureStdio('errors-unknown-method-internal-error'), 'fail');
    expectFinding(result, 'not-method-not-found');
    expect(result.message).toContain('-32603');
  });

  it('parse error: -32700 from the example server', () => expectCheck('errors.parse-error', notesStdio(), 'pass'));
  it('parse error: fails when unparsable input gets -32600', async () => {
    const result = await expectCheck('errors.parse-error', fixtureStdio('errors-parse-error-wrong-code'), 'fail');
    expectFinding(result, 'not-32700');
    expect(result.message).toContain('-32600');
  });
  it('parse error: fails without waiting out the timeout when unparsable input is ignored', async () => {
    const started = Date.now();
    const result = await expectCheck('errors.parse-error', fixtureStdio('errors-parse-error-wrong-code', '--silent'), 'fail');
    expectFinding(result, 'not-32700');
    expect(result.message).toContain('no answer, though the server/discover sent right after it was answered');
    expect(Date.now() - started).toBeLessThan(4000);
  });
  it('parse error: passes in the legacy era', () => expectCheck('errors.parse-error', notesStdio(), 'pass', legacy));

  it('invalid request: -32600 from the example server', () => expectCheck('errors.invalid-request', notesStdio(), 'pass'));
  it('invalid request: fails when "jsonrpc": "1.0" is served', async () => {
    const result = await expectCheck('errors.invalid-request', fixtureStdio('errors-lenient-jsonrpc'), 'fail');
    expectFinding(result, 'not-32600');
    expect(result.message).toContain('"jsonrpc": "1.0" got a result');
  });
  it('invalid request: fails in the legacy era too', async () =>
    expectFinding(await expectCheck('errors.invalid-request', fixtureStdio('errors-lenient-jsonrpc'), 'fail', legacy), 'not-32600'));
});

describe('errors suite over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('every errors check passes on the example server, modern era', async () => {
    for (const id of [
      'errors.unknown-tool',
      'errors.invalid-arguments-rejected',
      'errors.invalid-arguments-as-tool-error',
      'errors.unknown-method',
      'errors.parse-error',
      'errors.invalid-request',
    ]) {
      await expectCheck(id, httpTarget(server.url), 'pass');
    }
  });
  it('the parse error probe is a POST with an invalid body, answered with HTTP 400', async () => {
    const result = await expectCheck('errors.parse-error', httpTarget(server.url), 'pass');
    expect(result.message).toContain('HTTP 400');
    expect(result.evidence[0]?.curl).toContain('--data-raw \'{"jsonrpc": "2.0"');
  });
  it('every errors check passes on the example server, legacy era', async () => {
    for (const id of [
      'errors.unknown-tool',
      'errors.invalid-arguments-rejected',
      'errors.invalid-arguments-as-tool-error',
      'errors.unknown-method',
      'errors.parse-error',
      'errors.invalid-request',
    ]) {
      await expectCheck(id, httpTarget(server.url), 'pass', legacy);
    }
  });
});

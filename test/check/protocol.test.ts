/**
 * The protocol suite against real servers: each check passes on the example server (stdio, and
 * HTTP where the transport changes the probe) and fails on a fixture that breaks exactly its rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const legacy = { era: 'legacy' } as const;

describe('protocol suite, modern era', () => {
  it('missing protocolVersion: passes on the example server', () => expectCheck('protocol.missing-protocol-version-rejected', notesStdio(), 'pass'));
  it('missing protocolVersion: fails on a server that assumes a default version', async () => {
    const result = await expectCheck('protocol.missing-protocol-version-rejected', fixtureStdio('proto-meta-defaults', '--fill', 'version'), 'fail');
    expectFinding(result, 'not-32602');
    expect(result.message).toContain('must get error -32602');
  });

  it('missing clientCapabilities: passes on the example server', () => expectCheck('protocol.missing-client-capabilities-rejected', notesStdio(), 'pass'));
  it('missing clientCapabilities: fails on a server that assumes no capabilities', () =>
    expectCheck('protocol.missing-client-capabilities-rejected', fixtureStdio('proto-meta-defaults', '--fill', 'capabilities'), 'fail'));

  it('unsupported version: passes on the example server', () => expectCheck('protocol.unsupported-version-rejected', notesStdio(), 'pass'));
  it('unsupported version: fails when -32022 leaves out data.requested', async () => {
    const result = await expectCheck('protocol.unsupported-version-rejected', fixtureStdio('proto-unsupported-version-no-requested'), 'fail');
    expectFinding(result, 'bad-error-data');
    expect(result.message).toContain('data.requested');
  });

  it('unsupported version: probes an unknown past and an unknown future version', async () => {
    const result = await expectCheck('protocol.unsupported-version-rejected', notesStdio(), 'pass');
    expect(result.message).toContain('"1900-01-01"');
    expect(result.message).toContain('"2999-12-31"');
  });
  it('unsupported version: fails when a future version is served as the current one', async () => {
    const result = await expectCheck('protocol.unsupported-version-rejected', fixtureStdio('proto-future-version-accepted'), 'fail');
    expect(result.message).toContain('unknown future protocolVersion "2999-12-31"');
  });

  it('modern-only initialize: passes when the refusal lists the supported versions', async () => {
    const result = await expectCheck('protocol.modern-only-initialize-lists-versions', notesStdio('--era', 'modern'), 'pass');
    expect(result.message).toContain('data.supported');
  });
  it('modern-only initialize: warns when the refusal names no version', async () => {
    const result = await expectCheck(
      'protocol.modern-only-initialize-lists-versions',
      fixtureStdio('proto-initialize-error-unhelpful', '--era', 'modern'),
      'warn',
    );
    expect(result.message).toContain('names no supported version');
  });
  it('modern-only initialize: an initialize left unanswered is not judged (incomplete)', async () => {
    const result = await expectCheck(
      'protocol.modern-only-initialize-lists-versions',
      fixtureStdio('proto-initialize-probe-silent', '--era', 'modern'),
      'incomplete',
      { timeoutMs: 1500 },
    );
    expectFinding(result, 'no-answer');
    expect(result.message).toContain('no answer within 1500 ms on a fresh connection');
  });
  it('modern-only initialize: skipped on a dual-era server', () => expectCheck('protocol.modern-only-initialize-lists-versions', notesStdio(), 'skip'));

  it('reserved error codes: passes on the example server', async () => {
    const result = await expectCheck('protocol.reserved-error-codes', notesStdio(), 'pass');
    expect(result.message).toMatch(/^[1-9]\d* error responses/);
  });
  it('reserved error codes: fails on an invented code from -32020..-32099', async () => {
    const result = await expectCheck('protocol.reserved-error-codes', fixtureStdio('proto-invented-error-code'), 'fail');
    expect(result.message).toContain('-32050');
    expect(result.message).toContain('reserved for the spec');
  });

  it('_meta key syntax: passes on the example server', () => expectCheck('protocol.meta-key-syntax', notesStdio(), 'pass'));
  it('_meta key syntax: fails on a malformed key and on a reserved prefix the spec does not define', async () => {
    const result = await expectCheck('protocol.meta-key-syntax', fixtureStdio('proto-bad-meta-key'), 'fail');
    expect(result.message).toContain('"notes-/cache" breaks the _meta key syntax');
    expect(result.message).toContain('reserved prefix io.modelcontextprotocol/');
  });
  it('_meta key syntax: fails in the legacy era too', () => expectCheck('protocol.meta-key-syntax', fixtureStdio('proto-bad-meta-key'), 'fail', legacy));

  it('discover shape: passes on the example server', () => expectCheck('protocol.discover-shape', notesStdio(), 'pass'));
  it('discover shape: fails on a negative ttlMs', async () => {
    const result = await expectCheck('protocol.discover-shape', fixtureStdio('proto-discover-negative-ttl'), 'fail');
    expectFinding(result, 'malformed-result');
    expect(result.message).toContain('ttlMs is -1');
  });

  it('serverInfo: passes on the example server', () => expectCheck('protocol.server-info-in-results', notesStdio(), 'pass'));
  it('serverInfo: warns when results do not name the server', async () =>
    expectFinding(await expectCheck('protocol.server-info-in-results', fixtureStdio('proto-no-server-info'), 'warn'), 'missing-server-info'));

  it('declared capabilities: pass on the example server', () => expectCheck('protocol.declared-capabilities-implemented', notesStdio(), 'pass'));
  it('declared capabilities: fail when a declared list method answers -32601', async () => {
    const result = await expectCheck('protocol.declared-capabilities-implemented', fixtureStdio('proto-declared-unimplemented'), 'fail');
    expectFinding(result, 'capability-not-served');
    expect(result.message).toContain('"prompts"');
  });
  it('declared capabilities: a declared list method that never answers is not judged (incomplete), not failed', async () => {
    const result = await expectCheck('protocol.declared-capabilities-implemented', fixtureStdio('proto-declared-list-silent'), 'incomplete', {
      timeoutMs: 1500,
    });
    expectFinding(result, 'no-answer');
    expect(result.message).toContain('prompts/list got no answer within 1500 ms');
    expect(result.evidence?.[0]?.frames?.some((frame) => frame.raw.includes('"prompts/list"'))).toBe(true);
  });

  it('undeclared capabilities: skip on the example server, which declares them all', () =>
    expectCheck('protocol.undeclared-capability-not-found', notesStdio(), 'skip'));
  it('undeclared capabilities: pass on a server without prompts that refuses prompts/list', () =>
    expectCheck('protocol.undeclared-capability-not-found', fixtureStdio('proto-no-prompts'), 'pass'));
  // Serving prompts without declaring them breaks LIFE-15 (a MUST); test/check/base-lifecycle.test.ts has the warnings.
  it('undeclared capabilities: fail when prompts/list lists prompts though prompts is not declared', async () => {
    const result = await expectCheck('protocol.undeclared-capability-not-found', fixtureStdio('proto-no-prompts', '--leak'), 'fail');
    expectFinding(result, 'supported-undeclared', 'fail');
    expect(result.message).toContain('prompts/list');
  });
  it('undeclared capabilities: no verdict in the legacy era', () =>
    expectCheck('protocol.undeclared-capability-not-found', fixtureStdio('proto-no-prompts', '--leak'), 'skip', { era: 'legacy' }));

  it('resultType: passes on the example server', () => expectCheck('protocol.result-type-known', notesStdio(), 'pass'));
  it('resultType: fails when tools/list results have none', async () => {
    const result = await expectCheck('protocol.result-type-known', fixtureStdio('proto-no-result-type'), 'fail');
    expectFinding(result, 'bad-result-type');
    expect(result.message).toContain('tools/list result has no resultType');
  });

  it('error ids: pass on the example server', () => expectCheck('protocol.error-echoes-request-id', notesStdio(), 'pass'));
  it('error ids: fail when an integer id comes back as a string', async () => {
    const result = await expectCheck('protocol.error-echoes-request-id', fixtureStdio('proto-error-id-stringified'), 'fail');
    expectFinding(result, 'id-not-echoed');
    expect(result.message).toContain('came back with id "987654321"');
  });

  it('unknown notifications: ignored by the example server', () => expectCheck('protocol.unknown-notification-ignored', notesStdio(), 'pass'));
  it('unknown notifications: fail when the server answers one', async () =>
    expectFinding(await expectCheck('protocol.unknown-notification-ignored', fixtureStdio('proto-answers-notifications'), 'fail'), 'notification-answered'));
});

describe('protocol suite, legacy era', () => {
  it('known version: passes on the example server', () => expectCheck('protocol.legacy-initialize-known-version', notesStdio(), 'pass', legacy));
  it('known version: fails when the server never agrees to the offered version', async () => {
    const result = await expectCheck('protocol.legacy-initialize-known-version', fixtureStdio('proto-version-off-by-one'), 'fail', legacy);
    expectFinding(result, 'version-not-echoed');
    expect(result.message).toContain('proposed "2025-06-18"');
  });

  it('known version, unknown version, the latest: an initialize left unanswered is not judged (incomplete), not failed', async () => {
    for (const id of [
      'protocol.legacy-initialize-known-version',
      'protocol.legacy-initialize-unknown-version',
      'protocol.legacy-unknown-version-gets-latest',
    ]) {
      const result = await expectCheck(id, fixtureStdio('proto-initialize-probe-silent'), 'incomplete', { ...legacy, timeoutMs: 1500 });
      expectFinding(result, 'no-answer');
      expect(result.message).toContain('got no answer within 1500 ms on a fresh connection');
    }
  });

  it('unknown version: passes on the example server', () => expectCheck('protocol.legacy-initialize-unknown-version', notesStdio(), 'pass', legacy));
  it('unknown version: fails when the server echoes it', async () => {
    const result = await expectCheck('protocol.legacy-initialize-unknown-version', fixtureStdio('proto-version-echo'), 'fail', legacy);
    expectFinding(result, 'unknown-version-accepted');
    expect(result.message).toContain('got "1900-01-01" back');
  });

  it('unknown version: fails when the server echoes an unknown future version', async () => {
    const result = await expectCheck('protocol.legacy-initialize-unknown-version', fixtureStdio('proto-future-version-echo'), 'fail', legacy);
    expect(result.message).toContain('got "2999-12-31" back');
  });

  it('unknown version gets the latest: passes on the example server', async () => {
    const result = await expectCheck('protocol.legacy-unknown-version-gets-latest', notesStdio(), 'pass', legacy);
    expect(result.message).toContain('got "2025-11-25"');
  });
  it('unknown version gets the latest: warns when the oldest supported version comes back', async () => {
    const result = await expectCheck('protocol.legacy-unknown-version-gets-latest', fixtureStdio('proto-unknown-version-oldest'), 'warn', legacy);
    expect(result.message).toContain('got "2024-11-05", though the server supports the later "2025-11-25"');
  });

  it('ping: passes on the example server', () => expectCheck('protocol.legacy-ping', notesStdio(), 'pass', legacy));
  it('ping: fails when ping is not implemented', async () =>
    expectFinding(await expectCheck('protocol.legacy-ping', fixtureStdio('proto-ping-unsupported'), 'fail', legacy), 'no-result'));

  it('unknown notifications: ignored by the example server', () => expectCheck('protocol.unknown-notification-ignored', notesStdio(), 'pass', legacy));
  it('unknown notifications: fail when the server answers one', async () =>
    expectFinding(
      await expectCheck('protocol.unknown-notification-ignored', fixtureStdio('proto-answers-notifications'), 'fail', legacy),
      'notification-answered',
    ));

  it('error ids and declared capabilities: pass on the example server', async () => {
    await expectCheck('protocol.error-echoes-request-id', notesStdio(), 'pass', legacy);
    await expectCheck('protocol.declared-capabilities-implemented', notesStdio(), 'pass', legacy);
  });

  it('modern-only checks skip in the legacy era', () => expectCheck('protocol.discover-shape', notesStdio(), 'skip', legacy));
});

describe('protocol suite over HTTP', () => {
  let server: RunningServer;
  let broken: RunningServer;
  beforeAll(async () => {
    [server, broken] = await Promise.all([startHttpServer(), startHttpServer(fixture('proto-meta-defaults'))]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), broken?.stop()]);
  });

  it('missing _meta keys get -32602 with HTTP 400 from the example server', async () => {
    const version = await expectCheck('protocol.missing-protocol-version-rejected', httpTarget(server.url), 'pass');
    expect(version.message).toContain('HTTP 400');
    // The evidence is this probe's own exchange, with a curl command to replay it.
    expect(version.evidence[0]?.curl).toContain('mcp-method: server/discover');
    expect(version.evidence[0]?.frames).toHaveLength(2);
    await expectCheck('protocol.missing-client-capabilities-rejected', httpTarget(server.url), 'pass');
  });
  it('missing protocolVersion fails over HTTP too when the server assumes a default', () =>
    expectCheck('protocol.missing-protocol-version-rejected', httpTarget(broken.url), 'fail'));
  it('unsupported version, discover, serverInfo, resultType, error ids and notifications pass on the example server', async () => {
    for (const id of [
      'protocol.unsupported-version-rejected',
      'protocol.discover-shape',
      'protocol.server-info-in-results',
      'protocol.result-type-known',
      'protocol.error-echoes-request-id',
      'protocol.unknown-notification-ignored',
    ]) {
      await expectCheck(id, httpTarget(server.url), 'pass');
    }
  });
  it('legacy negotiation and ping pass on the example server over HTTP', async () => {
    for (const id of [
      'protocol.legacy-initialize-known-version',
      'protocol.legacy-initialize-unknown-version',
      'protocol.legacy-ping',
      'protocol.unknown-notification-ignored',
    ]) {
      await expectCheck(id, httpTarget(server.url), 'pass', legacy);
    }
  });
});

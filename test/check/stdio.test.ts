/** The stdio suite against real server processes: passes on the example server, fails on fixtures breaking one rule each. */
import { describe, expect, it } from 'vitest';
import { expectCheck, expectFinding, fixtureStdio, notesStdio } from '../helpers/check.js';

const legacy = { era: 'legacy' } as const;

describe('stdio suite', () => {
  it('stdout only JSON-RPC: passes on the example server', () => expectCheck('stdio.stdout-only-jsonrpc', notesStdio(), 'pass'));
  it('stdout only JSON-RPC: fails on a server that prints a banner', async () => {
    const result = await expectCheck('stdio.stdout-only-jsonrpc', fixtureStdio('polluting-server'), 'fail');
    expectFinding(result, 'non-jsonrpc-output');
    expect(result.message).toContain('Notes server v1 starting...');
    expect(result.evidence[0]?.frames?.every((frame) => frame.kind === 'pollution')).toBe(true);
  });

  it('exits on stdin close: passes on the example server', () => expectCheck('stdio.exits-on-stdin-close', notesStdio(), 'pass'));
  it('exits on stdin close: warns on a server that keeps running', async () => {
    const result = await expectCheck('stdio.exits-on-stdin-close', fixtureStdio('stdio-ignores-eof'), 'warn');
    expectFinding(result, 'needed-signal');
    expect(result.message).toContain('SIGTERM');
  });
  it('exits on stdin close: passes in the legacy era', () => expectCheck('stdio.exits-on-stdin-close', notesStdio(), 'pass', legacy));
  it('exits on stdin close: a server idle 1 s before it exits passes (the SDK client waits 2 s); one idle 4 s warns', async () => {
    const prompt = await expectCheck('stdio.exits-on-stdin-close', fixtureStdio('stdio-slow-exit', '--after', '1000'), 'pass');
    expect(prompt.message).toContain('exited by itself');
    const slow = await expectCheck('stdio.exits-on-stdin-close', fixtureStdio('stdio-slow-exit', '--after', '4000'), 'warn');
    expectFinding(slow, 'slow-exit');
    expect(slow.message).toContain('sat idle for 2000 ms');
  }, 30_000);

  it('exits before the first message: passes on the example server (EOF and SIGTERM)', async () => {
    const result = await expectCheck('stdio.exits-before-first-message', notesStdio(), 'pass');
    expect(result.message).toContain('after its stdin closed');
    expect(result.message).toContain('after SIGTERM');
  });
  it('exits before the first message: warns on a server that waits for a client before it notices EOF', async () => {
    const result = await expectCheck('stdio.exits-before-first-message', fixtureStdio('stdio-deaf-before-first-message'), 'warn', legacy);
    expect(result.message).toContain('kept running after its stdin closed');
  });
  it('exits before the first message: warns on a server that ignores SIGTERM until it hears from a client', async () => {
    const result = await expectCheck('stdio.exits-before-first-message', fixtureStdio('stdio-deaf-before-first-message', '--ignore-sigterm'), 'warn');
    expect(result.message).toContain('still running 3000 ms after SIGTERM');
  });

  it('no head-of-line blocking: passes on the example server (answers while a listen is open)', async () => {
    const result = await expectCheck('stdio.no-head-of-line-blocking', notesStdio(), 'pass');
    expect(result.message).toContain('subscriptions/listen');
  });
  it('no head-of-line blocking: warns on a server that handles one request at a time (modern: blocked by the listen)', async () => {
    const result = await expectCheck('stdio.no-head-of-line-blocking', fixtureStdio('stdio-sequential'), 'warn');
    expectFinding(result, 'blocked');
    expect(result.message).toContain('one request at a time');
  });
  it('no head-of-line blocking: incomplete in the legacy era when every request is too fast to tell', async () => {
    const result = await expectCheck('stdio.no-head-of-line-blocking', notesStdio(), 'incomplete', legacy);
    expectFinding(result, 'undecided');
    expectFinding(result, 'undecided');
    expect(result.message).toContain('no request is slow enough to tell');
  });
  // 2025-11-25 has no rule for concurrency: a note, not a warning.
  it('no head-of-line blocking: an info note in the legacy era when a fast request waits behind a slow one', async () => {
    const result = await expectCheck('stdio.no-head-of-line-blocking', fixtureStdio('stdio-sequential'), 'info', legacy);
    expectFinding(result, 'blocked-slow');
    expect(result.message).toContain('waited in line');
  });
});

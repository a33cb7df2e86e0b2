// security.guessable-ids: handles and requestState values a server hands out cannot be guessed.
import { describe, expect, it } from 'vitest';
import { loadCallsFile } from '../../src/protocol/call-policy.js';
import { judgeIdentifiers } from '../../src/check/probes/security/guessable.js';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'security.guessable-ids';
const CALLS = { calls: loadCallsFile(join(ROOT, 'examples/notes-server/calls.yaml')) };

describe('judgeIdentifiers', () => {
  it('passes random UUIDs, long random tokens and sealed blobs', () => {
    expect(judgeIdentifiers([crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()])).toBeUndefined();
    const token = () => `sess_${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')}`;
    expect(judgeIdentifiers([token(), token(), token()])).toBeUndefined();
  });

  it('finds integers, counter suffixes, clock stamps, v1 UUIDs and short random parts', () => {
    expect(judgeIdentifiers([7, 8, 9])?.code).toBe('sequential-ids');
    expect(judgeIdentifiers(['h-998', 'h-999', 'h-1000', 'h-1001'])?.code).toBe('counter-ids');
    const now = Date.now();
    expect(judgeIdentifiers([`job-${now}`, `job-${now + 3}`, `job-${now + 9}`])?.code).toBe('timestamp-ids');
    expect(
      judgeIdentifiers(['6ba7b810-9dad-11d1-80b4-00c04fd430c8', '6ba7b811-9dad-11d1-80b4-00c04fd430c8', '6ba7b812-9dad-11d1-80b4-00c04fd430c8'])?.code,
    ).toBe('timestamp-ids');
    expect(judgeIdentifiers(['tok_a8f3', 'tok_91bc', 'tok_0d7e'])?.code).toBe('low-entropy-ids');
  });
});

describe(ID, () => {
  const url = exampleHttpServer();

  it("passes on the example server's requestState (stdio and HTTP), with its calls file", async () => {
    expect((await expectCheck(ID, notesStdio(), 'pass', CALLS)).message).toMatch(/requestState/);
    await expectCheck(ID, httpTarget(url()), 'pass', CALLS);
  });

  it('is incomplete when nothing that hands out identifiers may be called', async () => {
    await expectCheck(ID, notesStdio(), 'incomplete');
  });

  it('warns on a tool whose handles are a counter, naming the tool and pointer', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-sequential-ids'), 'warn');
    const finding = expectFinding(result, 'counter-ids', 'warn');
    expect(finding.location).toEqual({ tool: 'open_handle', pointer: '/result/structuredContent/handle' });
    expect(finding.message).not.toMatch(/h-10\d\d/);
  });
});

describe(`${ID}: requestState`, () => {
  it('warns on a requestState that is a counter', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-counter-request-state'), 'warn', CALLS);
    const finding = expectFinding(result, 'counter-ids', 'warn');
    expect(finding.message).toMatch(/^requestState of tools\/call/);
  });
});

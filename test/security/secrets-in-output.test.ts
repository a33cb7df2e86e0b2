// security.secrets-in-output: a credential in anything the server sent during the run.
import { describe, expect, it } from 'vitest';
import { runCheckRun } from '../../src/check/run.js';
import type { CheckResult } from '../../src/check/types.js';
import type { Target } from '../../src/wire/target.js';
import { exampleHttpServer, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'security.secrets-in-output';

/** The check after a run that calls the tools (so their results are in the traces it reads). */
async function afterCalls(target: Target): Promise<CheckResult> {
  const report = await runCheckRun(target, { timeoutMs: 5000, only: [ID, 'tools.valid-call-succeeds'] });
  return report.results.find((result) => result.id === ID)!;
}

describe(ID, () => {
  const url = exampleHttpServer();

  it('passes on the example server over stdio', async () => {
    const result = await afterCalls(notesStdio());
    expect(result.status, result.message).toBe('pass');
  });

  it('passes on the example server over HTTP', async () => {
    const result = await afterCalls(httpTarget(url()));
    expect(result.status, result.message).toBe('pass');
  });

  it('fails on a server whose tool result holds a token, naming the tool and pointer, never the value', async () => {
    const result = await afterCalls(fixtureStdio('security-leaks-secret'));
    const finding = expectFinding(result, 'secret-in-output', 'fail');
    expect(finding.location).toEqual({ tool: 'list_notes', pointer: expect.stringMatching(/^\/result\/content\/\d+\/text$/) });
    expect(finding.message).toMatch(/github-token/);
    expect(JSON.stringify(result)).not.toMatch(/ghp_[0-9a-f]{36}/);
  });
});

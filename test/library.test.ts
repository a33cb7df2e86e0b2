import { describe, expect, it } from 'vitest';
import { assertConformance, assertToolsLintClean, connect, ConformanceError } from '../src/index.js';
import { fixtureStdio, notesStdio } from './helpers/check.js';

describe('library assertions', () => {
  it('assertConformance passes on the example server and returns the report', async () => {
    const report = await assertConformance(notesStdio(), { suites: ['lint'] });
    expect(report.summary.pass).toBeGreaterThan(0);
  });

  it('assertConformance throws a readable error naming the failing check', async () => {
    await expect(assertConformance(fixtureStdio('lint-broken-schema'), { suites: ['lint'] })).rejects.toThrow(/fail lint\.no-errors/);
  });

  it('assertToolsLintClean throws on error-level findings only', async () => {
    const good = await connect(notesStdio(), { timeoutMs: 5000 });
    const bad = await connect(fixtureStdio('lint-broken-schema'), { timeoutMs: 5000 });
    try {
      await assertToolsLintClean(good);
      await expect(assertToolsLintClean(bad)).rejects.toBeInstanceOf(ConformanceError);
    } finally {
      await Promise.all([good.close(), bad.close()]);
    }
  });
});

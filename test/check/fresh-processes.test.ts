/**
 * Each check's `freshProcesses` (how many fresh stdio processes it may take, a hint the warm
 * pool starts processes by) is not below what it takes on the example server in either era:
 * an under-count makes the check wait a whole start-up for a process started on demand.
 */
import { describe, expect, it } from 'vitest';
import { runCheckRun } from '../../src/check/run.js';
import { ALL_CHECKS } from '../../src/check/registry.js';
import type { CheckContext, CheckDefinition } from '../../src/check/types.js';
import { notesStdio } from '../helpers/check.js';

/** The checks, each counting the fresh connections to the run's own target it opens. */
function counted(taken: Map<string, number>): CheckDefinition[] {
  return ALL_CHECKS.map((check) => ({
    ...check,
    run(ctx: CheckContext) {
      const add = () => taken.set(check.id, (taken.get(check.id) ?? 0) + 1);
      const counting: CheckContext = {
        ...ctx,
        openClient(options = {}) {
          // Another target, or a shutdown of its own: not a pooled process.
          if (!options.target && !options.shutdown) add();
          return ctx.openClient(options);
        },
        freshChannel() {
          add();
          return ctx.freshChannel();
        },
      };
      return check.run(counting);
    },
  }));
}

describe('freshProcesses', () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`is at least what each check takes on the notes server (${era})`, async () => {
      const taken = new Map<string, number>();
      await runCheckRun(notesStdio(), { era, timeoutMs: 5000, checks: counted(taken), allowCall: ['*'] });
      const under = [...taken].filter(([id, count]) => count > (ALL_CHECKS.find((check) => check.id === id)?.freshProcesses ?? 0));
      expect(under).toEqual([]);
      expect(taken.size).toBeGreaterThan(5);
    }, 120_000);
  }
});

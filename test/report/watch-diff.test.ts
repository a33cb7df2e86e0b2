import { describe, expect, it } from 'vitest';
import type { LintFinding } from '../../src/lint/types.js';
import { checkProblems, diffProblems, lintProblems, renderWatchDiff, type Problem } from '../../src/report/watch-diff.js';
import { report, result } from './fixtures.js';

const lint = (tool: string, ruleId: string, severity: LintFinding['severity']): LintFinding => ({ tool, ruleId, severity, path: '', message: 'm', fix: 'f' });

describe('watch diff', () => {
  it('keys check problems by check id + finding code, and ignores passes, skips and incompletes', () => {
    const problems = checkProblems(
      report([
        result({ id: 'tools.a', status: 'fail', code: 'bad-name' }),
        result({ id: 'tools.b', status: 'warn', code: 'tools.b/slow' }),
        result({ id: 'tools.c', status: 'pass' }),
        result({ id: 'tools.d', status: 'incomplete', code: 'no-call' }),
        result({ id: 'tools.e', status: 'error' }),
      ]),
    );
    expect(problems).toEqual([
      { key: 'tools.a\u0000bad-name', label: 'tools.a/bad-name', level: 'fail' },
      { key: 'tools.b\u0000tools.b/slow', label: 'tools.b/slow', level: 'warn' },
      { key: 'tools.e\u0000', label: 'tools.e', level: 'fail' },
    ]);
  });

  it('keys lint problems by tool + rule; errors fail, warnings warn, info is no problem', () => {
    expect(lintProblems([lint('add', 'schema.invalid', 'error'), lint('add', 'tool.description-missing', 'warning'), lint('get', 'schema.x', 'info')])).toEqual(
      [
        { key: 'add\u0000schema.invalid', label: 'add: schema.invalid', level: 'fail' },
        { key: 'add\u0000tool.description-missing', label: 'add: tool.description-missing', level: 'warn' },
      ],
    );
  });

  it('names new failures, new warnings and fixed ones', () => {
    const before: Problem[] = [
      { key: 'a', label: 'a', level: 'fail' },
      { key: 'b', label: 'b', level: 'fail' },
      { key: 'c', label: 'c', level: 'warn' },
    ];
    const after: Problem[] = [
      { key: 'a', label: 'a', level: 'fail' },
      { key: 'b', label: 'b', level: 'warn' },
      { key: 'c', label: 'c', level: 'fail' },
      { key: 'd', label: 'd', level: 'warn' },
      { key: 'e', label: 'e', level: 'fail' },
    ];
    expect(diffProblems(before, after)).toEqual({
      newFailures: [{ label: 'c' }, { label: 'e' }],
      newWarnings: [{ label: 'd' }],
      fixed: [{ label: 'b', now: 'warn' }],
    });
    expect(diffProblems(after, before).fixed).toEqual([{ label: 'c', now: 'warn' }, { label: 'd' }, { label: 'e' }]);
  });

  it('the same key reported twice counts once, at its worst level', () => {
    const twice: Problem[] = [
      { key: 'a', label: 'a', level: 'warn' },
      { key: 'a', label: 'a', level: 'fail' },
    ];
    expect(diffProblems([], twice).newFailures).toEqual([{ label: 'a' }]);
    expect(diffProblems(twice, twice)).toEqual({ newFailures: [], newWarnings: [], fixed: [] });
  });

  it('renders "no change" when nothing moved, and clips long lists', () => {
    expect(renderWatchDiff({ newFailures: [], newWarnings: [], fixed: [] })).toBe('since the last run:\n  no change\n');
    const many = Array.from({ length: 25 }, (_, i) => ({ label: `t${i}` }));
    const text = renderWatchDiff({ newFailures: many, newWarnings: [], fixed: [{ label: 'x', now: 'warn' }] });
    expect(text).toContain('  new failures (25)\n    t0\n');
    expect(text).toContain('    … and 5 more\n');
    expect(text).not.toContain('t20');
    expect(text).toContain('  fixed (1)\n    x (now a warning)\n');
  });
});

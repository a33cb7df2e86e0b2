import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/report/progress.js';
import { result } from './fixtures.js';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

const run = (progress: ReturnType<typeof createProgress>) => {
  progress.onCheckStart({ id: 'tools.a' });
  progress.onCheckDone(result({ id: 'tools.a', status: 'pass' }));
  progress.onCheckStart({ id: 'tools.b' });
  progress.onCheckDone(result({ id: 'tools.b', status: 'fail' }));
  progress.finish();
};

describe('progress', () => {
  it('writes one line per finished suite when stderr is not a terminal', () => {
    const s = stream(false);
    const checks = [
      { id: 'tools.a', suite: 'tools' as const },
      { id: 'errors.c', suite: 'errors' as const },
      { id: 'tools.b', suite: 'tools' as const },
    ];
    const progress = createProgress({ stream: s, checks });
    for (const check of checks) progress.onCheckStart(check);
    progress.onCheckDone(result({ id: 'tools.a', status: 'pass' }));
    expect(s.text()).toBe('');
    progress.onCheckDone(result({ id: 'errors.c', status: 'skip' }));
    progress.onCheckDone(result({ id: 'tools.b', status: 'fail' }));
    progress.finish();
    expect(s.text()).toMatch(/^\[suite 1\/2\] errors: 1 check, 1 skip \(\d+ms\)\n\[suite 2\/2\] tools: 2 checks, 1 fail, 1 pass \(\d+ms\)\n$/);
  });

  it('at the end, reports a suite whose checks did not all finish', () => {
    const s = stream(false);
    const progress = createProgress({
      stream: s,
      checks: [
        { id: 'tools.a', suite: 'tools' },
        { id: 'tools.b', suite: 'tools' },
      ],
    });
    progress.onCheckStart({ id: 'tools.a' });
    progress.onCheckDone(result({ id: 'tools.a', status: 'warn' }));
    progress.finish();
    expect(s.text()).toMatch(/^\[suite 1\/1\] tools: 1 check, 1 warn, 1 not run \(\d+ms\)\n$/);
  });

  it('is silent when quiet, on a terminal or not, and without the checks to count', () => {
    for (const isTTY of [true, false]) {
      const s = stream(isTTY);
      run(createProgress({ stream: s, quiet: true, verbose: true, checks: [{ id: 'tools.a', suite: 'tools' }] }));
      expect(s.text()).toBe('');
    }
    const s = stream(false);
    run(createProgress({ stream: s }));
    expect(s.text()).toBe('');
  });

  it('writes one line per finished check on a terminal', () => {
    const s = stream(true);
    run(createProgress({ stream: s, total: 2 }));
    expect(s.text()).toBe('[1/2] ✓ tools.a 12ms\n[2/2] ✗ tools.b 12ms\n');
  });

  it('writes one character per check in dots mode, and ends the line', () => {
    const s = stream(true);
    run(createProgress({ stream: s, mode: 'dots' }));
    expect(s.text()).toBe('.F\n');
  });

  it('writes when verbose even without a terminal, including starts', () => {
    const s = stream(false);
    run(createProgress({ stream: s, verbose: true }));
    expect(s.text()).toBe('  … tools.a\n✓ tools.a 12ms\n  … tools.b\n✗ tools.b 12ms\n');
  });

  it('colors only when asked', () => {
    const plain = stream(true);
    run(createProgress({ stream: plain }));
    expect(plain.text()).not.toContain('\u001b');
    const colored = stream(true);
    run(createProgress({ stream: colored, color: true }));
    expect(colored.text()).toContain('\u001b[32m✓');
  });
});

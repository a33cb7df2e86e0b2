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
  it('is silent when stderr is not a terminal', () => {
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

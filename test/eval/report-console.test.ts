import { describe, expect, it } from 'vitest';
import { renderEvalConsole } from '../../src/report/eval/console.js';
import { cleanReport, sampleReport } from './run-records.js';

describe('eval console report', () => {
  const text = renderEvalConsole(sampleReport(), { color: false });
  const lines = text.split('\n');

  it('gives each task its pass rate, Wilson interval, passes, a bar and pass@k / pass^k', () => {
    const line = lines.find((entry) => entry.includes('weather-boston'))!;
    // 4/5: Wilson 0.376 to 0.964.
    expect(line).toMatch(/✓ weather-boston\s+█{8}░{2}\s+80%\s+38–96%\s+4\/5\s+pass@3 100%\s+pass\^3 40%/);
    expect(lines.find((entry) => entry.includes(' forecast'))).toMatch(/✗ forecast .* 20% .*1\/5/);
  });

  it('puts held-out tasks after the others, under their own heading, with their own overall line', () => {
    const heading = lines.findIndex((entry) => entry.includes('held out (not tuned on)'));
    expect(heading).toBeGreaterThan(lines.findIndex((entry) => entry.includes('forecast')));
    expect(lines[heading + 1]).toContain('secret');
    expect(text).toMatch(/= overall\s+.*50%.*5\/10/);
    expect(text).toMatch(/= held out\s+.*100%.*3\/3/);
  });

  it('shows tokens, cost, times, tool costs, confusions, findings and runs saved', () => {
    expect(text).toContain('tokens 1.0k in, 100 out, cost $0.0030');
    expect(text).toContain('time p50/p95: run 1.00s/1.00s, model 500ms/500ms, MCP 10ms/60ms');
    expect(text).toMatch(/get_forecast\s+120 tok\s+30000 B\s+31/);
    expect(text).toContain('openai:test: get_weather → get_forecast  ×1');
    expect(text).toContain('! repeated-calls  get_forecast');
    expect(text).toContain('! tool-never-used  delete_all');
    expect(text).toContain('(2 runs saved)');
    expect(text).toContain('--until-confident saved 2 runs (about 220 tokens)');
  });

  it('leaves out the confusion matrix and findings when there are none', () => {
    const clean = renderEvalConsole(cleanReport(), { color: false });
    expect(clean).not.toContain('tool confusion');
    expect(clean).not.toContain('findings');
    expect(clean).not.toContain('saved');
  });

  it('uses colour only when asked', () => {
    expect(text).not.toContain('\u001b[');
    expect(renderEvalConsole(sampleReport(), { color: true })).toContain('\u001b[');
  });
});

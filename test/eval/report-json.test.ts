import { describe, expect, it } from 'vitest';
import { renderEvalJson } from '../../src/report/eval/json.js';
import { sampleReport } from './run-records.js';

describe('eval JSON report', () => {
  it('is the EvalReport as is, with per-task pass rates and intervals by id', () => {
    const report = sampleReport();
    const parsed = JSON.parse(renderEvalJson(report));
    expect(parsed).toEqual(JSON.parse(JSON.stringify(report)));
    expect(parsed.format).toBe('mcpvet-eval');
    const weather = parsed.tasks.find((stats: { task: string }) => stats.task === 'weather-boston');
    expect(weather.passRate).toBe(0.8);
    expect(weather.interval.low).toBeCloseTo(0.3755, 4);
    expect(weather.interval.high).toBeCloseTo(0.9638, 4);
  });
});

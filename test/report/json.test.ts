import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/report/json.js';
import { mixedReport } from './fixtures.js';

describe('json reporter', () => {
  it('is the RunReport as one JSON document, frames included', () => {
    const input = mixedReport();
    const doc = JSON.parse(renderJson(input, { color: false }));
    expect(doc.tool).toEqual({ name: 'mcpvet', version: '0.1.0' });
    expect(doc.results).toHaveLength(input.results.length);
    const failing = doc.results.find((r: { id: string }) => r.id === 'protocol.unsupported-version');
    expect(failing.evidence[0].frames[1].raw).toBe('{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"bad"}}');
    expect(doc.summary).toEqual({ pass: 3, fail: 1, warn: 1, info: 0, skip: 2, incomplete: 0, error: 1 });
  });

  it('recounts the summary from the results', () => {
    const input = { ...mixedReport(), summary: { pass: 99, fail: 0, warn: 0, info: 0, skip: 0, incomplete: 0, error: 0 } };
    expect(JSON.parse(renderJson(input, { color: false })).summary.pass).toBe(3);
  });
});

/**
 * The run's lint is kept as a tally per rule: counts exact, a bounded sample in tool order. The
 * lint checks' messages count every finding and show the kept ones.
 */
import { describe, expect, it } from 'vitest';
import { KEPT_PER_RULE, selectFindings, tallyOf } from '../../src/check/lint-once.js';
import { lintToolsSampled } from '../../src/lint/index.js';
import { describeFindings } from '../../src/check/probes/lint/lint-findings.js';
import type { LintFinding } from '../../src/lint/index.js';

const finding = (ruleId: string, tool: string, severity: LintFinding['severity'] = 'warning'): LintFinding => ({
  ruleId,
  severity,
  tool,
  path: '/inputSchema',
  message: `${ruleId} on ${tool}`,
  fix: '',
});

describe('lint tally', () => {
  const findings = [
    ...Array.from({ length: 10_000 }, (_, index) => finding('tool.title-missing', `tool_${index}`)),
    finding('schema.not-object', 'broken', 'error'),
    finding('x-mcp-header.duplicate', 'tool_3'),
  ];
  const counts = new Map<string, number>();
  for (const { ruleId } of findings) counts.set(ruleId, (counts.get(ruleId) ?? 0) + 1);
  const tally = tallyOf({ findings: findings.filter((_, index) => index < KEPT_PER_RULE || index >= 10_000), counts });

  it('counts every finding and keeps the first of each rule in tool order', () => {
    const rule = tally.get('tool.title-missing');
    expect(rule?.count).toBe(10_000);
    expect(rule?.first.map((kept) => kept.tool)).toEqual(Array.from({ length: KEPT_PER_RULE }, (_, index) => `tool_${index}`));
  });

  it('selects rules by their first finding and sums their counts', () => {
    const warnings = selectFindings(tally, (kept) => kept.severity === 'warning');
    expect(warnings.count).toBe(10_001);
    expect(warnings.kept).toHaveLength(KEPT_PER_RULE + 1);
    expect(selectFindings(tally, (kept) => kept.ruleId.startsWith('x-mcp-header.')).count).toBe(1);
    expect(selectFindings(tally, () => false)).toEqual({ count: 0, kept: [] });
  });

  it('the lint keeps the first findings of each rule and counts them all', async () => {
    const tools = Array.from({ length: 500 }, (_, index) => ({ name: `tool_${index}`, inputSchema: { type: 'string' } }));
    const { findings, counts } = await lintToolsSampled(tools, 3);
    const perRule = new Map<string, LintFinding[]>();
    for (const kept of findings) perRule.set(kept.ruleId, [...(perRule.get(kept.ruleId) ?? []), kept]);
    expect(perRule.size).toBeGreaterThan(0);
    for (const [ruleId, kept] of perRule) expect(kept.length).toBe(Math.min(3, counts.get(ruleId) ?? 0));
    const perTool = [...counts].filter(([, count]) => count === 500);
    expect(perTool.length).toBeGreaterThan(0);
    for (const [ruleId] of perTool) expect(perRule.get(ruleId)?.map((one) => one.tool)).toEqual(['tool_0', 'tool_1', 'tool_2']);
  });

  it('a message shows eight findings and counts the rest', () => {
    const message = describeFindings(selectFindings(tally, (kept) => kept.severity === 'warning'));
    expect(message).toContain('tool_7 /inputSchema: tool.title-missing on tool_7 [tool.title-missing]');
    expect(message).not.toContain('tool_8 ');
    expect(message).toMatch(/; and 9993 more$/);
  });
});

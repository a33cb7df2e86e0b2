// One JSON document: a summary and the findings, for machines (`--format json`).
import { summarize, type LintSummary } from '../../lint/summary.js';
import type { LintFinding } from '../../lint/types.js';

export interface LintJsonDocument {
  tool: 'mcpvet';
  kind: 'lint';
  summary: LintSummary;
  findings: LintFinding[];
  /** With --expected-failures: the rules (or `<rule>/<tool>`) that fail unlisted, and listed ones that pass now. */
  baseline?: { file: string; regressions: string[]; stale: string[] };
}

export function renderJson(findings: LintFinding[], baseline?: LintJsonDocument['baseline']): string {
  const doc: LintJsonDocument = { tool: 'mcpvet', kind: 'lint', summary: summarize(findings), findings, ...(baseline ? { baseline } : {}) };
  return JSON.stringify(doc, null, 2) + '\n';
}

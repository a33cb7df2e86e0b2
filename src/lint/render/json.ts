// One JSON document: a summary and the findings, for machines (`--format json`).
import { summarize, type LintSummary } from '../summary.js';
import type { LintFinding } from '../types.js';

export interface LintJsonDocument {
  tool: 'mcpvet';
  kind: 'lint';
  summary: LintSummary;
  findings: LintFinding[];
}

export function renderJson(findings: LintFinding[]): string {
  const doc: LintJsonDocument = { tool: 'mcpvet', kind: 'lint', summary: summarize(findings), findings };
  return JSON.stringify(doc, null, 2) + '\n';
}

// Counts shared by the renderers and by callers deciding an exit code.
import type { LintFinding, Severity } from './types.js';

export interface LintSummary {
  errors: number;
  warnings: number;
  infos: number;
  /** Distinct tools with at least one finding. */
  tools: number;
}

export function summarize(findings: LintFinding[]): LintSummary {
  const count = (s: Severity): number => findings.filter((f) => f.severity === s).length;
  return { errors: count('error'), warnings: count('warning'), infos: count('info'), tools: new Set(findings.map((f) => f.tool)).size };
}

export function hasErrors(findings: LintFinding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}

export function summaryLine(s: LintSummary): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${s.infos} info`;
}

/** Findings grouped by tool, in first-seen order. */
export function groupByTool(findings: LintFinding[]): Map<string, LintFinding[]> {
  const groups = new Map<string, LintFinding[]>();
  for (const f of findings) {
    const list = groups.get(f.tool) ?? [];
    list.push(f);
    groups.set(f.tool, list);
  }
  return groups;
}

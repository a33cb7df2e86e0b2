// Plain-text report for terminals: findings grouped by tool, each with path, issue and fix.
import { groupByTool, summarize, summaryLine } from '../summary.js';
import { printable } from '../../wire/control-chars.js';
import type { LintFinding } from '../types.js';

const LABEL = { error: 'error  ', warning: 'warning', info: 'info   ' } as const;

export function renderText(findings: LintFinding[], toolCount?: number): string {
  if (findings.length === 0) return `No lint findings${toolCount === undefined ? '' : ` in ${toolCount} tool(s)`}.\n`;
  const lines: string[] = [];
  for (const [tool, list] of groupByTool(findings)) {
    lines.push(tool);
    for (const f of list) {
      const profile = f.profile ? ` [${f.profile}]` : '';
      lines.push(`  ${LABEL[f.severity]} ${f.path || '(tool)'}  ${f.message} (${f.ruleId}${profile})`);
      lines.push(`          fix: ${f.fix}`);
    }
    lines.push('');
  }
  const s = summarize(findings);
  lines.push(`${summaryLine(s)} in ${s.tools} tool(s)${toolCount === undefined ? '' : ` of ${toolCount}`}.`);
  // Tool names, paths and messages come from the server: no escape sequence reaches the terminal.
  return printable(lines.join('\n')) + '\n';
}

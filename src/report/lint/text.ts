// Plain-text report for terminals: findings grouped by tool, each with path, issue and fix.
import { groupByTool, summarize, summaryLine } from '../../lint/summary.js';
import { printable } from '../../wire/control-chars.js';
import type { LintFinding } from '../../lint/types.js';

const LABEL = { error: 'error  ', warning: 'warning', info: 'info   ' } as const;
/** Tools per chunk: a list of 200,000 tools is printed piece by piece, never built as one string. */
const TOOLS_PER_CHUNK = 1000;

export function renderText(findings: LintFinding[], toolCount?: number): string {
  return [...renderTextChunks(findings, toolCount)].join('');
}

/** The same report in pieces that each end with a line break. */
export function* renderTextChunks(findings: LintFinding[], toolCount?: number): Generator<string> {
  if (findings.length === 0) {
    yield `No lint findings${toolCount === undefined ? '' : ` in ${toolCount} tool(s)`}.\n`;
    return;
  }
  let lines: string[] = [];
  let tools = 0;
  for (const [tool, list] of groupByTool(findings)) {
    lines.push(tool);
    for (const f of list) {
      const profile = f.profile ? ` [${f.profile}]` : '';
      lines.push(`  ${LABEL[f.severity]} ${f.path || '(tool)'}  ${f.message} (${f.ruleId}${profile})`);
      lines.push(`          fix: ${f.fix}`);
    }
    lines.push('');
    if (++tools % TOOLS_PER_CHUNK === 0) {
      yield safe(lines);
      lines = [];
    }
  }
  const s = summarize(findings);
  lines.push(`${summaryLine(s)} in ${s.tools} tool(s)${toolCount === undefined ? '' : ` of ${toolCount}`}.`);
  yield safe(lines);
}

/** Tool names, paths and messages come from the server: no escape sequence reaches the terminal. */
function safe(lines: string[]): string {
  return printable(lines.join('\n')) + '\n';
}

// Markdown report (e.g. a CI job summary): one table per tool.
import { groupByTool, summarize, summaryLine } from '../../lint/summary.js';
import { printable } from '../../wire/control-chars.js';
import type { LintFinding } from '../../lint/types.js';

const ICON = { error: 'error', warning: 'warning', info: 'info' } as const;

export function renderMarkdown(findings: LintFinding[]): string {
  const out: string[] = ['## mcpvet lint', ''];
  if (findings.length === 0) return out.concat(['No findings.', '']).join('\n');
  out.push(summaryLine(summarize(findings)) + '.', '');
  for (const [tool, list] of groupByTool(findings)) {
    out.push(`### \`${escapeCode(tool)}\``, '', '| Severity | Rule | Path | Issue | Fix |', '| --- | --- | --- | --- | --- |');
    for (const f of list) {
      const rule = f.profile ? `${f.ruleId} (${f.profile})` : f.ruleId;
      out.push(`| ${ICON[f.severity]} | \`${rule}\` | ${f.path ? `\`${escapeCode(f.path)}\`` : ''} | ${cell(f.message)} | ${cell(f.fix)} |`);
    }
    out.push('');
  }
  return printable(out.join('\n'));
}

/** Table cells: pipes and newlines would break the row. */
export function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function escapeCode(text: string): string {
  return text.replace(/`/g, "'").replace(/\|/g, '\\|');
}

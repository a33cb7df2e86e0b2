/** `call --strict`: lint the listed tools with the same rules as `mcpvet lint`. */
import { hasErrors, lintToolsListResult, type LintFinding } from '../lint/index.js';

export function strictFindings(result: unknown): { findings: LintFinding[]; lines: string[]; hasErrors: boolean } {
  const findings = lintToolsListResult(result);
  const lines = findings.map((finding) => `[${finding.severity}] ${finding.ruleId} ${finding.tool} ${finding.path}: ${finding.message} (fix: ${finding.fix})`);
  return { findings, lines, hasErrors: hasErrors(findings) };
}

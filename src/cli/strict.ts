/** `call --strict`: lint the listed tools with the same rules as `mcpvet lint`; findings go to stderr. */
import { hasErrors, lintToolsListResult } from '../lint/index.js';

export function strictFindings(result: unknown): { lines: string[]; hasErrors: boolean } {
  const findings = lintToolsListResult(result);
  const lines = findings.map((finding) => `[${finding.severity}] ${finding.ruleId} ${finding.tool} ${finding.path}: ${finding.message} (fix: ${finding.fix})`);
  return { lines, hasErrors: hasErrors(findings) };
}

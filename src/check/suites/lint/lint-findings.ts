import type { LintFinding, Severity } from '../../../lint/index.js';
import { pass, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';

const SHOWN = 8;

/** A compact one-line list of findings for a check message. */
export function describeFindings(findings: LintFinding[]): string {
  const shown = findings.slice(0, SHOWN).map((finding) => `${finding.tool} ${finding.path || '/'}: ${finding.message} [${finding.ruleId}]`);
  return shown.join('; ') + (findings.length > SHOWN ? `; and ${findings.length - SHOWN} more` : '');
}

/** The run of a lint-suite check: the rules of `mcpvet lint` on the listed tools, findings of one severity. */
export async function lintFindingsOf(ctx: CheckContext, severity: Severity): Promise<Finding> {
  const { lintTools } = await import('../../../lint/index.js');
  const tools = await ctx.tools();
  const found = lintTools(tools).filter((finding) => finding.severity === severity);
  if (found.length === 0) return pass(`${tools.length} tool(s) have no ${severity}-level findings`);
  return violation(`${found.length} ${severity}-level finding(s) (run \`mcpvet lint\` for fixes): ${describeFindings(found)}`);
}

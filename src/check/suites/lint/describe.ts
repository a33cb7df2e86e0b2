import type { LintFinding } from '../../../lint/index.js';

const SHOWN = 8;

/** A compact one-line list of findings for a check message. */
export function describeFindings(findings: LintFinding[]): string {
  const shown = findings.slice(0, SHOWN).map((finding) => `${finding.tool} ${finding.path || '/'}: ${finding.message} [${finding.ruleId}]`);
  return shown.join('; ') + (findings.length > SHOWN ? `; and ${findings.length - SHOWN} more` : '');
}

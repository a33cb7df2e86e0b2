import type { LintFinding } from '../../../lint/index.js';
import { pass, violation } from '../../define.js';
import { lintOnce, type SelectedFindings, selectFindings } from '../../lint-once.js';
import type { CheckContext, Finding } from '../../types.js';

const SHOWN = 8;

/** A compact one-line list of findings for a check message. */
export function describeFindings({ count, kept }: SelectedFindings): string {
  const shown = kept.slice(0, SHOWN).map((finding) => `${finding.tool} ${finding.path || '/'}: ${finding.message} [${finding.ruleId}]`);
  return shown.join('; ') + (count > shown.length ? `; and ${count - shown.length} more` : '');
}

/**
 * Error-level lint rules with no MUST of the spec behind them: a duplicate name is a SHOULD
 * (tools.names-unique); the spec forbids auto-dereferencing a remote $ref, not publishing one; another
 * dialect is allowed; an unsatisfiable `required` breaks no rule. They are advice, like the warnings.
 */
export const ERRORS_WITHOUT_MUST: ReadonlySet<string> = new Set([
  'tool.name-duplicate',
  'schema.remote-ref',
  'schema.dialect-unknown',
  'schema.required-unsatisfiable',
]);

/** Findings a spec MUST is behind (lint.no-errors), or the rest: advice (lint.no-warnings). */
export type LintBasis = 'spec-must' | 'advice';

/** Info-level lint findings stay in `mcpvet lint`. */
function basisOf(finding: LintFinding): LintBasis | undefined {
  if (finding.severity === 'error') return ERRORS_WITHOUT_MUST.has(finding.ruleId) ? 'advice' : 'spec-must';
  return finding.severity === 'warning' ? 'advice' : undefined;
}

/** The run of a lint-suite check: the rules of `mcpvet lint` on the listed tools, the findings of one basis. */
export async function lintFindingsOf(ctx: CheckContext, basis: LintBasis): Promise<Finding> {
  const tools = await ctx.tools();
  const found = selectFindings(await lintOnce(tools), (finding) => basisOf(finding) === basis);
  const what = basis === 'spec-must' ? 'error-level findings a spec MUST is behind' : 'advice findings (portability, descriptions, size, schema constructs)';
  if (found.count === 0) return pass(`${tools.length} tool(s) have no ${what}`);
  return violation('lint-findings', `${found.count} ${what} (run \`mcpvet lint\` for fixes): ${describeFindings(found)}`);
}

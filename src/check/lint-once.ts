/**
 * The lint rules over the run's tools list, once per run: three checks judge lint findings, and
 * each linting 200,000 tools again took seconds. The lint yields to the event loop as it goes.
 * What is kept, and made, is a tally per rule with its first findings: the checks show a few and
 * count the rest, and 10,000 findings (of a 2.8 MB list) were 3 MB kept for the run, and more
 * than that at once while the lint sorted them.
 */
import type { LintFinding, SampledFindings } from '../lint/index.js';

/** Findings kept per rule: more than any check shows. */
export const KEPT_PER_RULE = 20;

/** One rule's findings: how many, and the first of them in tool order. */
export interface RuleTally {
  count: number;
  first: LintFinding[];
}

/** Per rule id, in the order rules were first met. */
export type LintTally = ReadonlyMap<string, RuleTally>;

/** The findings of the rules `keep` accepts (judged by a rule's first finding): their count, and the kept ones. */
export interface SelectedFindings {
  count: number;
  kept: LintFinding[];
}

const linted = new WeakMap<object, Promise<LintTally>>();

export function lintOnce(tools: Record<string, unknown>[]): Promise<LintTally> {
  let tally = linted.get(tools);
  if (!tally) {
    tally = import('../lint/index.js').then(async ({ lintToolsSampled }) => tallyOf(await lintToolsSampled(tools, KEPT_PER_RULE)));
    linted.set(tools, tally);
  }
  return tally;
}

/** The sampled findings grouped per rule, in the order rules first appear among them. */
export function tallyOf({ findings, counts }: SampledFindings): LintTally {
  const tally = new Map<string, RuleTally>();
  for (const finding of findings) {
    const rule = tally.get(finding.ruleId) ?? { count: counts.get(finding.ruleId) ?? 0, first: [] };
    tally.set(finding.ruleId, rule);
    rule.first.push(finding);
  }
  return tally;
}

export function selectFindings(tally: LintTally, keep: (finding: LintFinding) => boolean): SelectedFindings {
  const selected: SelectedFindings = { count: 0, kept: [] };
  for (const rule of tally.values()) {
    if (!rule.first[0] || !keep(rule.first[0])) continue;
    selected.count += rule.count;
    selected.kept.push(...rule.first);
  }
  return selected;
}

import { pass, violation } from '../../define.js';
import type { CheckContext, Evidence, Finding } from '../../types.js';

/**
 * The versions the version probes offer, one on each side of every real revision: a server may
 * compare dates (treat anything older than 2026-07-28 as legacy, or anything at least 2026-07-28
 * as modern), and such a server answers only one of the two correctly.
 */
export const UNKNOWN_VERSIONS = ['1900-01-01', '2999-12-31'] as const;

export const sideOf = (version: string): string => (version < '2000' ? 'past' : 'future');

/** One version probe: its evidence, and what passed, the rule it broke, or a verdict of its own (the probe went unanswered). */
export type VersionProbe = { evidence: Evidence[] } & ({ passed: string } | { code: string; problem: string } | { verdict: Finding });

/** Offers each unknown version in turn; the first broken rule is the verdict, else all passes. */
export async function judgeEachUnknownVersion(ctx: CheckContext, probe: (ctx: CheckContext, version: string) => Promise<VersionProbe>): Promise<Finding> {
  const evidence: Evidence[] = [];
  const passes: string[] = [];
  for (const version of UNKNOWN_VERSIONS) {
    const outcome = await probe(ctx, version);
    evidence.push(...outcome.evidence);
    if ('verdict' in outcome) return { ...outcome.verdict, evidence: [...(outcome.verdict.evidence ?? []), ...evidence] };
    if ('problem' in outcome) return violation(outcome.code, outcome.problem, evidence);
    passes.push(outcome.passed);
  }
  return pass(passes.join('; '), evidence);
}

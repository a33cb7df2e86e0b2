/**
 * The requirements of each revision mcpvet checks. The YAML is parsed at build time (a JSON module
 * in the bundle), so only `check` pays for it, and no YAML parser runs on the way.
 */
import type { Era } from '../../protocol/versions.js';
import type { Requirement, RevisionRequirements, SecurityRules } from './model.js';
import modern from './2026-07-28.yaml';
import legacy from './2025-11-25.yaml';
import security from './security.yaml';

export const REVISIONS: readonly RevisionRequirements[] = [modern as RevisionRequirements, legacy as RevisionRequirements];

/** mcpvet's security rules, the same in both eras; in no revision's coverage table. */
export const SECURITY_RULES = security as SecurityRules;

const securityRequirements: Requirement[] = SECURITY_RULES.rules.map((rule) => ({
  ...rule,
  section: /^https:\/\//.test(rule.section) ? rule.section : SECURITY_RULES.base + rule.section,
  level: 'none',
  basis: 'security',
  transport: 'any',
  testable: 'black-box',
}));

const byEra = new Map<Era, { revision: RevisionRequirements; byId: Map<string, Requirement> }>(
  REVISIONS.map((revision) => [revision.era, { revision, byId: new Map([...revision.requirements, ...securityRequirements].map((r) => [r.id, r])) }]),
);

/** The registry the checks of a run in this era are graded against (2025-11-25 for every legacy version). */
export function revisionOf(era: Era): RevisionRequirements {
  return (byEra.get(era) as { revision: RevisionRequirements }).revision;
}

export function requirementOf(era: Era, id: string): Requirement | undefined {
  return byEra.get(era)?.byId.get(id);
}

/** Whether an id exists in any revision (an id found in none is a mistake in a check). */
export function isKnownRequirement(id: string): boolean {
  return [...byEra.values()].some(({ byId }) => byId.has(id));
}

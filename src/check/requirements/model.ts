/**
 * The requirements registry: one YAML file per protocol revision, one entry per server-side rule a
 * tester can verify from outside. `level` is the keyword as the spec writes it; `descriptive` is a
 * behaviour the spec states without a keyword that clients depend on; `none` is no rule at all
 * (the basis of a check that only gives notes: a spec example, advice, or mcpvet's robustness).
 */
import type { Era } from '../../protocol/versions.js';
import type { Transport } from '../../wire/target.js';

export const KEYWORDS = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY'] as const;
export type Keyword = (typeof KEYWORDS)[number];
export type RequirementLevel = Keyword | 'descriptive' | 'none';

/** How it can be verified: from outside alone, or only with tool calls, credentials, an extension. */
export const TESTABILITY = ['black-box', 'tool-calls', 'credentials', 'extension', 'not-testable'] as const;
export type Testability = (typeof TESTABILITY)[number];

/**
 * Why a `none` entry exists: checks on it are notes, never conformance verdicts; but for `security`,
 * mcpvet's own security rules (security.yaml), graded by their severity instead.
 */
export const BASES = ['example', 'advice', 'portability', 'robustness', 'security'] as const;
export type Basis = (typeof BASES)[number];

export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One of mcpvet's security rules as security.yaml writes it (no keyword: the spec states none). */
export interface SecurityRule {
  id: string;
  area: string;
  severity: Severity;
  rule: string;
  section: string;
}

export interface SecurityRules {
  base: string;
  rules: SecurityRule[];
}

export interface Requirement {
  id: string;
  area: string;
  level: RequirementLevel;
  /** The rule, in mcpvet's own short words. */
  rule: string;
  /** Path under the revision's base URL (e.g. `server/tools#tool-names`), or a full https URL. */
  section: string;
  transport: Transport | 'any';
  testable: Testability;
  basis?: Basis;
  /** Only for mcpvet's security rules: high fails, medium warns, low is a note. */
  severity?: Severity;
  /** What of the rule no check verifies yet (the checks that name it cover it only in part). */
  gap?: string;
  note?: string;
}

export interface RevisionRequirements {
  revision: string;
  era: Era;
  base: string;
  requirements: Requirement[];
}

/** The link to a requirement's section of the spec. */
export function sectionUrl(revision: RevisionRequirements, requirement: Requirement): string {
  return /^https:\/\//.test(requirement.section) ? requirement.section : revision.base + requirement.section;
}

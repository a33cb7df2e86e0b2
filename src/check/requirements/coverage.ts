/**
 * Coverage of the registry by the checks, per revision and area: which checks verify each
 * requirement (only checks that run in that revision's era count), and why the rest are not covered.
 * Totals count the testable MUST/SHOULD requirements, as the traceability study does.
 */
import type { CheckDefinition } from '../types.js';
import type { Requirement, RevisionRequirements } from './model.js';
import { sectionUrl } from './model.js';
import { REVISIONS } from './index.js';

export type CoverageStatus = 'covered' | 'partial' | 'not-covered' | 'not-testable' | 'not-counted';

export interface CoverageRow {
  id: string;
  area: string;
  level: Requirement['level'];
  rule: string;
  url: string;
  transport: Requirement['transport'];
  testable: Requirement['testable'];
  checks: string[];
  status: CoverageStatus;
  /** Why it is partial, not covered, or not counted. */
  why?: string;
}

export interface Tally {
  /** Testable MUST/MUST NOT/SHOULD/SHOULD NOT requirements. */
  testable: number;
  covered: number;
  partial: number;
}

export interface RevisionCoverage {
  revision: string;
  era: RevisionRequirements['era'];
  rows: CoverageRow[];
  areas: Array<{ area: string; must: Tally; should: Tally; all: Tally }>;
  totals: { must: Tally; should: Tally; all: Tally };
}

const NOT_YET: Record<Requirement['testable'], string> = {
  'black-box': 'no check yet',
  'tool-calls': 'no check yet (needs tool calls or a cooperating tool)',
  credentials: 'no check yet (needs credentials)',
  extension: 'no check yet (only if the server implements the extension)',
  'not-testable': 'not testable from outside',
};

export function requirementsCoverage(checks: readonly CheckDefinition[]): RevisionCoverage[] {
  return REVISIONS.map((revision) => {
    const rows = revision.requirements.map((requirement) => rowOf(revision, requirement, checks));
    const areas = [...new Set(rows.map((row) => row.area))].map((area) => ({ area, ...tallies(rows.filter((row) => row.area === area)) }));
    return { revision: revision.revision, era: revision.era, rows, areas, totals: tallies(rows) };
  });
}

function rowOf(revision: RevisionRequirements, requirement: Requirement, checks: readonly CheckDefinition[]): CoverageRow {
  const by = checks.filter((check) => check.eras.includes(revision.era) && check.requirements.includes(requirement.id)).map((check) => check.id);
  const { status, why } = statusOf(requirement, by);
  return {
    id: requirement.id,
    area: requirement.area,
    level: requirement.level,
    rule: requirement.rule,
    url: sectionUrl(revision, requirement),
    transport: requirement.transport,
    testable: requirement.testable,
    checks: by,
    status,
    ...(why ? { why } : {}),
  };
}

function statusOf(requirement: Requirement, checks: string[]): { status: CoverageStatus; why?: string } {
  if (requirement.level === 'none') return { status: 'not-counted', why: `not a requirement (${requirement.basis ?? 'no basis'})` };
  if (requirement.level === 'descriptive') return { status: 'not-counted', why: 'descriptive: the spec states it without a keyword' };
  if (requirement.level === 'MAY') return { status: 'not-counted', why: 'MAY: optional' };
  if (requirement.testable === 'not-testable') return { status: 'not-testable', why: requirement.note ?? NOT_YET['not-testable'] };
  if (checks.length === 0) return { status: 'not-covered', why: NOT_YET[requirement.testable] };
  if (requirement.gap) return { status: 'partial', why: requirement.gap };
  return { status: 'covered' };
}

function tallies(rows: CoverageRow[]): { must: Tally; should: Tally; all: Tally } {
  const counted = rows.filter((row) => row.status !== 'not-counted' && row.status !== 'not-testable');
  const must = counted.filter((row) => row.level === 'MUST' || row.level === 'MUST NOT');
  const should = counted.filter((row) => row.level === 'SHOULD' || row.level === 'SHOULD NOT');
  return { must: tally(must), should: tally(should), all: tally(counted) };
}

function tally(rows: CoverageRow[]): Tally {
  return {
    testable: rows.length,
    covered: rows.filter((row) => row.status === 'covered').length,
    partial: rows.filter((row) => row.status === 'partial').length,
  };
}

/** Covered share in percent: strict (covered only) and with partial coverage counted too. */
export function percent(tally: Tally): { strict: number; withPartial: number } {
  const of = (n: number) => (tally.testable === 0 ? 0 : Math.round((n / tally.testable) * 100));
  return { strict: of(tally.covered), withPartial: of(tally.covered + tally.partial) };
}

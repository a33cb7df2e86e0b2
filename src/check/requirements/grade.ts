/**
 * A check's level, derived from the requirements it names: those of the run's revision decide, so
 * one check can be MUST in one era and SHOULD in another. The strongest one is the check's level;
 * a finding that names the requirement it breaks is graded on that one alone.
 */
import type { Era } from '../../protocol/versions.js';
import type { CheckDefinition, Level, Status } from '../types.js';
import type { Requirement, RequirementLevel, Severity } from './model.js';
import { isKnownRequirement, requirementOf, revisionOf } from './index.js';

const LEVEL: Record<RequirementLevel, Level> = {
  MUST: 'MUST',
  'MUST NOT': 'MUST',
  SHOULD: 'SHOULD',
  'SHOULD NOT': 'SHOULD',
  descriptive: 'DESCRIPTIVE',
  MAY: 'INFO',
  none: 'INFO',
};
const STRENGTH: Record<Level, number> = { MUST: 4, SECURITY: 3, SHOULD: 2, DESCRIPTIVE: 1, INFO: 0 };

export function levelOf(requirement: Requirement): Level {
  return requirement.basis === 'security' ? 'SECURITY' : LEVEL[requirement.level];
}

/**
 * mcpvet's security rules are graded like a code scanner's: a high-severity weakness fails the run
 * (SARIF error), a medium one warns, a low one is a note. They never pose as spec verdicts: their
 * level is SECURITY, and no coverage table counts them.
 */
const SEVERITY_STATUS: Record<Severity, Status> = { high: 'fail', medium: 'warn', low: 'info' };
const SEVERITY_RANK: Record<Severity, number> = { high: 2, medium: 1, low: 0 };

export interface Grade {
  level: Level;
  requirements: Requirement[];
}

/** The grade of a check in an era, or why it has none (then it does not apply, or is broken). */
export function gradeOf(check: Pick<CheckDefinition, 'requirements'>, era: Era): Grade | { unknown: string[] } | { none: string } {
  const unknown = check.requirements.filter((id) => !isKnownRequirement(id));
  if (unknown.length > 0 || check.requirements.length === 0) return { unknown: unknown.length ? unknown : ['(none named)'] };
  const requirements = check.requirements.map((id) => requirementOf(era, id)).filter((r): r is Requirement => r !== undefined);
  if (requirements.length === 0)
    return { none: `no requirement of MCP ${revisionOf(era).revision} is behind this check (${check.requirements.join(', ')} belong to another revision)` };
  return { level: strongest(requirements), requirements };
}

function strongest(requirements: Requirement[]): Level {
  return requirements.map(levelOf).reduce((a, b) => (STRENGTH[b] > STRENGTH[a] ? b : a));
}

/** The status a finding gets: a violation fails only for MUST, warns for SHOULD and descriptive rules. */
export function gradeFinding(grade: Grade, status: Status, requirementId?: string): { status: Status; level: Level; descriptive: boolean } {
  const named = requirementId ? grade.requirements.find((r) => r.id === requirementId) : undefined;
  const level = named ? levelOf(named) : grade.level;
  if (status !== 'fail' && status !== 'warn') return { status, level, descriptive: false };
  if (level === 'SECURITY') return { status: SEVERITY_STATUS[severityOf(named, grade)], level, descriptive: false };
  const graded: Status = level === 'MUST' ? status : level === 'INFO' ? 'info' : 'warn';
  return { status: graded, level, descriptive: level === 'DESCRIPTIVE' };
}

/** A security finding's severity: its named rule's, else the gravest security rule of the check. */
function severityOf(named: Requirement | undefined, grade: Grade): Severity {
  if (named?.severity) return named.severity;
  const severities = grade.requirements.map((r) => r.severity).filter((s): s is Severity => s !== undefined);
  return severities.reduce((a, b) => (SEVERITY_RANK[b] > SEVERITY_RANK[a] ? b : a), 'low');
}

/**
 * A check's level, derived from the requirements it names: those of the run's revision decide, so
 * one check can be MUST in one era and SHOULD in another. The strongest one is the check's level;
 * a finding that names the requirement it breaks is graded on that one alone.
 */
import type { Era } from '../../protocol/versions.js';
import type { CheckDefinition, Level, Status } from '../types.js';
import type { Requirement, RequirementLevel } from './model.js';
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
const STRENGTH: Record<Level, number> = { MUST: 3, SHOULD: 2, DESCRIPTIVE: 1, INFO: 0 };

export function levelOf(requirement: Requirement): Level {
  return LEVEL[requirement.level];
}

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
  const graded: Status = level === 'MUST' ? status : level === 'INFO' ? 'info' : 'warn';
  return { status: graded, level, descriptive: level === 'DESCRIPTIVE' };
}

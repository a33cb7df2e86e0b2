/**
 * What changed between two runs of `--watch`: new failures, new warnings, fixed ones. Pure: the
 * watch loop keeps only each run's problems (keyed, not whole reports) and renders the difference.
 */
import type { RunReport, Status } from '../check/types.js';
import type { LintFinding } from '../lint/types.js';

export type ProblemLevel = 'fail' | 'warn';

/** One problem of a run: a check's finding code, or a lint rule on a tool. */
export interface Problem {
  key: string;
  label: string;
  level: ProblemLevel;
}

export interface Change {
  label: string;
  /** For a fixed problem: 'warn' when a failure became a warning. */
  now?: ProblemLevel;
}

export interface WatchDiff {
  newFailures: Change[];
  newWarnings: Change[];
  fixed: Change[];
}

/** Lines shown per group: a run that breaks every tool of a huge list prints a count, not the list. */
const SHOWN = 20;
const LABEL_MAX = 160;

const LEVEL_OF: Partial<Record<Status, ProblemLevel>> = { fail: 'fail', error: 'fail', warn: 'warn' };

/** A check report's problems, keyed by check id + finding code. */
export function checkProblems(report: RunReport): Problem[] {
  return report.results.flatMap((result) =>
    result.findings.flatMap((finding) => {
      const level = LEVEL_OF[finding.status];
      if (!level) return [];
      const code = finding.code ?? '';
      // As the console report names it: "tools.x/bad-thing".
      const label = code.startsWith(`${result.id}/`) || !code ? code || result.id : `${result.id}/${code}`;
      return [{ key: `${result.id}\u0000${code}`, label, level }];
    }),
  );
}

/** Lint findings as problems, keyed by tool + rule; info-level findings are no problem. */
export function lintProblems(findings: readonly LintFinding[]): Problem[] {
  return findings.flatMap((finding) => {
    if (finding.severity === 'info') return [];
    const level: ProblemLevel = finding.severity === 'error' ? 'fail' : 'warn';
    return [{ key: `${finding.tool}\u0000${finding.ruleId}`, label: `${finding.tool}: ${finding.ruleId}`, level }];
  });
}

/** The worst level per key (a check or rule may report the same code several times). */
function byKey(problems: readonly Problem[]): Map<string, Problem> {
  const map = new Map<string, Problem>();
  for (const problem of problems) {
    const seen = map.get(problem.key);
    if (!seen || (seen.level === 'warn' && problem.level === 'fail')) map.set(problem.key, problem);
  }
  return map;
}

export function diffProblems(before: readonly Problem[], after: readonly Problem[]): WatchDiff {
  const was = byKey(before);
  const now = byKey(after);
  const diff: WatchDiff = { newFailures: [], newWarnings: [], fixed: [] };
  for (const [key, problem] of now) {
    const old = was.get(key)?.level;
    if (problem.level === 'fail' && old !== 'fail') diff.newFailures.push({ label: problem.label });
    else if (problem.level === 'warn' && old === undefined) diff.newWarnings.push({ label: problem.label });
    else if (problem.level === 'warn' && old === 'fail') diff.fixed.push({ label: problem.label, now: 'warn' });
  }
  for (const [key, problem] of was) if (!now.has(key)) diff.fixed.push({ label: problem.label });
  return diff;
}

/** The "since the last run" block printed after each report but the first. */
export function renderWatchDiff(diff: WatchDiff): string {
  const lines = ['since the last run:'];
  const group = (title: string, changes: Change[]) => {
    if (changes.length === 0) return;
    lines.push(`  ${title} (${changes.length})`);
    for (const change of changes.slice(0, SHOWN)) lines.push(`    ${clip(change.label)}${change.now === 'warn' ? ' (now a warning)' : ''}`);
    if (changes.length > SHOWN) lines.push(`    … and ${changes.length - SHOWN} more`);
  };
  group('new failures', diff.newFailures);
  group('new warnings', diff.newWarnings);
  group('fixed', diff.fixed);
  if (lines.length === 1) lines.push('  no change');
  return lines.join('\n') + '\n';
}

function clip(text: string): string {
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX)}…` : text;
}

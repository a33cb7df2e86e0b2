/** What every renderer needs from a report: counts, results grouped by suite, spec links, durations. */
import type { CheckResult, ResultFinding, RunReport, Status, Suite } from '../check/types.js';

export const STATUSES: readonly Status[] = ['pass', 'fail', 'warn', 'info', 'skip', 'incomplete', 'error'];

/** Suites in the order reports show them (the order of DESIGN.md); unknown ones follow, by name. */
const SUITE_ORDER: readonly Suite[] = [
  'protocol',
  'tools',
  'resources',
  'prompts',
  'completion',
  'errors',
  'stdio',
  'http',
  'stateless',
  'mrtr',
  'subscriptions',
  'tasks',
  'lint',
  'security',
  'auth',
];

export type Counts = Record<Status, number>;

/** Counted from the results themselves, so a renderer never disagrees with what it lists. */
export function countStatuses(results: readonly CheckResult[]): Counts {
  const counts: Counts = { pass: 0, fail: 0, warn: 0, info: 0, skip: 0, incomplete: 0, error: 0 };
  for (const result of results) counts[result.status]++;
  return counts;
}

export interface SuiteGroup {
  suite: string;
  results: CheckResult[];
  counts: Counts;
  durationMs: number;
}

/** Results by suite, suites in a fixed order and checks sorted by id, so output is stable across runs. */
export function groupBySuite(results: readonly CheckResult[]): SuiteGroup[] {
  const bySuite = new Map<string, CheckResult[]>();
  for (const result of results) {
    const list = bySuite.get(result.suite) ?? [];
    list.push(result);
    bySuite.set(result.suite, list);
  }
  const rank = (suite: string) => {
    const index = (SUITE_ORDER as readonly string[]).indexOf(suite);
    return index === -1 ? SUITE_ORDER.length : index;
  };
  return [...bySuite.keys()]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((suite) => {
      const list = bySuite
        .get(suite)!
        .slice()
        .sort((a, b) => a.id.localeCompare(b.id));
      return { suite, results: list, counts: countStatuses(list), durationMs: list.reduce((sum, r) => sum + r.durationMs, 0) };
    });
}

/**
 * The stable one-line tally, e.g. `checks: 40 passed, 2 failed, 3 warnings, 5 skipped, 0 errors`
 * (and `, 1 info` when there are notes, `, 4 incomplete` when some checks could not decide).
 */
export function countsLine(counts: Counts): string {
  const notes = counts.info ? `, ${counts.info} info` : '';
  const undecided = counts.incomplete ? `, ${counts.incomplete} incomplete` : '';
  return `checks: ${counts.pass} passed, ${counts.fail} failed, ${counts.warn} warnings, ${counts.skip} skipped, ${counts.error} errors${notes}${undecided}`;
}

/** What lets an undecided check decide, by its code (define.ts `incomplete`). */
const UNBLOCKS: Record<string, string> = {
  'no-callable-tool': '--calls FILE or --allow-call TOOL (tools mcpvet may call, with arguments)',
  'no-replica': '--replica URL|COMMAND (a second instance of the server)',
  'no-input-required': 'a tool that asks for input (input_required), allowed with --calls or --allow-call',
};

/**
 * The summary's word on incomplete checks: how many could not decide, and what would let them
 * run, most frequent first; empty when every check decided.
 */
export function incompleteHints(results: readonly CheckResult[]): string[] {
  const undecided = results.filter((r) => r.status === 'incomplete');
  if (undecided.length === 0) return [];
  const byHint = new Map<string, number>();
  for (const r of undecided) {
    const hint = UNBLOCKS[r.code ?? ''] ?? "see each check's message";
    byHint.set(hint, (byHint.get(hint) ?? 0) + 1);
  }
  const share = undecided.length * 4 >= results.length && results.length >= 4 ? ` (${Math.round((undecided.length * 100) / results.length)}% of the run)` : '';
  return [
    `${undecided.length} check${undecided.length > 1 ? 's' : ''} could not decide${share}; to let them run:`,
    ...[...byHint].sort((a, b) => b[1] - a[1]).map(([hint, n]) => `  ${hint}: ${n}`),
  ];
}

/** `tools.name-format/invalid-characters`, and where: `tool search_notes /inputSchema`, `method tools/call`. */
export function qualifiedCode(id: string, code: string | undefined): string | undefined {
  return code === undefined ? undefined : `${id}/${code}`;
}

export function locationText(location: ResultFinding['location']): string | undefined {
  if (!location) return undefined;
  if ('method' in location) return `method ${location.method}`;
  return `tool ${location.tool}${location.pointer ? ` ${location.pointer}` : ''}`;
}

/**
 * A link for a check's `spec` field ('server/tools#tool-names'): the revision the run
 * negotiated, on the official site. Absolute URLs, and specs that name their revision
 * ('2025-11-25/basic/transports#…'), are kept as they are.
 */
export function specUrl(spec: string, protocolVersion = ''): string {
  if (/^https?:\/\//.test(spec)) return spec;
  // A spec that names its revision (a rule of one era only) keeps it.
  if (/^\d{4}-\d{2}-\d{2}\//.test(spec)) return `https://modelcontextprotocol.io/specification/${spec}`;
  const version = /^\d{4}-\d{2}-\d{2}$/.test(protocolVersion) ? protocolVersion : 'latest';
  return `https://modelcontextprotocol.io/specification/${version}/${spec.replace(/^\/+/, '')}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`;
}

/**
 * Where a result's rule is written: a check's spec section (a link), or the source another
 * engine's rule names (a provider's docs, a property), linked only when it is a URL.
 */
export function ruleSource(report: RunReport, result: CheckResult): { label: 'Spec' | 'Source'; text: string; url?: string } {
  if (report.command === undefined) return { label: 'Spec', text: result.spec, url: specUrl(result.spec, report.protocolVersion) };
  return { label: 'Source', text: result.spec, ...(/^https?:\/\//.test(result.spec) ? { url: result.spec } : {}) };
}

/** The command a report came from: the title of every format. */
export const commandOf = (report: RunReport): string => report.command ?? 'check';

/** The header facts every human format shows: which server, how it was reached, which revision. */
export function describeRun(report: RunReport): { target: string; transport: string; era: string; protocolVersion: string; server?: string } {
  const server = report.serverInfo ? [report.serverInfo.name, report.serverInfo.version].filter(Boolean).join(' ') : '';
  // A saved tools list (lint --file) or two snapshots (diff) reach no server: what was not seen says so.
  const unknown = 'unknown';
  return {
    target: report.target,
    transport: report.transport ?? unknown,
    era: report.era ?? unknown,
    protocolVersion: report.protocolVersion ?? unknown,
    ...(server ? { server } : {}),
  };
}

/** Checks a person must read: failures, errors, warnings (in that order of urgency); incompletes are listed apart. */
export function findingsOf(results: readonly CheckResult[]): CheckResult[] {
  const order: Partial<Record<Status, number>> = { fail: 0, error: 1, warn: 2 };
  return results.filter((r) => r.status in order).sort((a, b) => order[a.status]! - order[b.status]! || a.id.localeCompare(b.id));
}

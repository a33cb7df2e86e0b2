/**
 * A lint run in the one result model (check's RunReport), so JUnit, Markdown and HTML render it
 * with the same code as a check run, and `--expected-failures` means the same. One result per
 * rule that ran: a pass, or graded by its worst finding (error fails, warning warns, info is a
 * note). A finding's code is the tool it is about, so a baseline entry `<rule>/<tool>` tolerates
 * one rule on one tool.
 */
import pkg from '../../package.json' with { type: 'json' };
import type { CheckResult, ResultFinding, RunReport, Status } from '../check/types.js';
import { countStatuses } from '../report/summary.js';
import { DEFAULT_PROFILES, RULES } from './rules.js';
import type { LintFinding, RuleMeta, Severity } from './types.js';

const STATUS: Record<Severity, Status> = { error: 'fail', warning: 'warn', info: 'info' };
const RANK: Record<Status, number> = { fail: 3, warn: 2, info: 1, pass: 0, skip: 0, incomplete: 0, error: 4 };

/** What the run knew of its target: a live server's era and identity, or only a file name. */
export type LintRunContext = Pick<RunReport, 'target' | 'transport' | 'era' | 'protocolVersion' | 'eraReason' | 'serverInfo' | 'startedAt' | 'durationMs'>;

export function lintRunReport(findings: readonly LintFinding[], profiles: readonly string[] | undefined, context: LintRunContext): RunReport {
  const selected = profiles?.length ? profiles : DEFAULT_PROFILES;
  const byRule = new Map<string, LintFinding[]>();
  for (const finding of findings) {
    const list = byRule.get(finding.ruleId);
    if (list) list.push(finding);
    else byRule.set(finding.ruleId, [finding]);
  }
  const ran = RULES.filter((rule) => rule.profile === undefined || selected.includes(rule.profile) || byRule.has(rule.id));
  const results = ran.map((rule) => ruleResult(rule, byRule.get(rule.id) ?? []));
  return { tool: { name: 'mcpvet', version: pkg.version }, command: 'lint', ...context, results, summary: countStatuses(results) };
}

function ruleResult(rule: RuleMeta, findings: readonly LintFinding[]): CheckResult {
  const graded: ResultFinding[] = findings
    .map((finding) => ({
      status: STATUS[finding.severity],
      level: 'RULE' as const,
      code: finding.tool,
      location: { tool: finding.tool, ...(finding.path ? { pointer: finding.path } : {}) },
      message: `${finding.tool}: ${finding.message} Fix: ${finding.fix}`,
    }))
    .sort((a, b) => RANK[b.status] - RANK[a.status]);
  const worst = graded[0];
  const tools = new Set(findings.map((finding) => finding.tool)).size;
  return {
    id: rule.id,
    title: rule.title,
    suite: rule.profile ?? 'lint',
    level: 'RULE',
    requirements: [],
    spec: rule.source ?? '',
    status: worst?.status ?? 'pass',
    ...(worst ? { code: worst.code } : {}),
    message: !worst
      ? `${rule.description} No tool breaks it.`
      : graded.length === 1
        ? worst.message
        : `${graded.length} findings on ${tools} tool(s); first: ${worst.message}`,
    findings: graded,
    evidence: [],
    durationMs: 0,
  };
}

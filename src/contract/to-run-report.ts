/**
 * diff and verify in the one result model (check's RunReport), so their JUnit (and verify's
 * Markdown) come from the shared renderers. diff: one result per subject that changed (a tool, a
 * prompt, the capabilities), failing when a change is breaking, a note otherwise; verify: one
 * result per recorded request, failing when the live answer differs.
 */
import pkg from '../../package.json' with { type: 'json' };
import type { CheckResult, RunReport, Status } from '../check/types.js';
import { countStatuses } from '../report/summary.js';
import type { ContractChange } from './change.js';
import type { VerifyItem } from './verify.js';

type RunFacts = Pick<RunReport, 'target' | 'startedAt' | 'durationMs'> & Partial<Pick<RunReport, 'transport' | 'era' | 'protocolVersion'>>;

export function diffRunReport(changes: readonly ContractChange[], facts: RunFacts): RunReport {
  const bySubject = new Map<string, ContractChange[]>();
  for (const change of changes) {
    const list = bySubject.get(change.subject);
    if (list) list.push(change);
    else bySubject.set(change.subject, [change]);
  }
  const results = [...bySubject].map(([subject, list]) => subjectResult(subject, list));
  if (results.length === 0) results.push(result({ id: 'contract', title: 'The contract', status: 'pass', message: 'no contract changes', findings: [] }));
  return { tool: { name: 'mcpvet', version: pkg.version }, command: 'diff', ...facts, results, summary: countStatuses(results) };
}

function subjectResult(subject: string, changes: readonly ContractChange[]): CheckResult {
  const findings = changes.map((change) => ({
    status: (change.kind === 'breaking' ? 'fail' : 'info') as Status,
    level: 'RULE' as const,
    code: change.kind,
    message: `${change.path}: ${change.message}${change.security ? ' (widens what the tool may do)' : ''}`,
  }));
  const breaking = findings.filter((finding) => finding.status === 'fail');
  const shown = breaking[0] ?? findings[0];
  return result({
    id: subject,
    title: `What changed in ${subject}`,
    status: breaking.length > 0 ? 'fail' : 'info',
    message: findings.length === 1 ? (shown?.message ?? '') : `${findings.length} changes (${breaking.length} breaking); first: ${shown?.message}`,
    findings: [...breaking, ...findings.filter((finding) => finding.status !== 'fail')],
  });
}

export function verifyRunReport(items: readonly VerifyItem[], facts: RunFacts): RunReport {
  const STATUS: Record<VerifyItem['status'], Status> = { same: 'pass', different: 'fail', skipped: 'skip' };
  const results = items.map((item) =>
    result({
      id: `#${item.index + 1} ${item.method}${item.subject ? ` ${item.subject}` : ''}`,
      title: `The answer to ${item.method} is as recorded`,
      suite: 'verify',
      status: STATUS[item.status],
      message: item.status === 'skipped' ? (item.reason ?? 'not sent') : item.status === 'same' ? 'the same answer' : item.differences.join('\n'),
      findings: item.differences.map((difference) => ({ status: 'fail', level: 'RULE', code: 'different', message: difference })),
    }),
  );
  return { tool: { name: 'mcpvet', version: pkg.version }, command: 'verify', ...facts, results, summary: countStatuses(results) };
}

function result(fields: Pick<CheckResult, 'id' | 'title' | 'status' | 'message' | 'findings'> & { suite?: string }): CheckResult {
  const code = fields.findings[0]?.code;
  return { suite: 'contract', level: 'RULE', requirements: [], spec: '', evidence: [], durationMs: 0, ...(code !== undefined ? { code } : {}), ...fields };
}

/**
 * An eval run in the one result model (check's RunReport), for the library and the shared
 * renderers: one result per task and model (and variant), passing when its pass rate reaches
 * the threshold. The statistics travel whole in `extras.eval`. A task's id is the name the
 * eval baseline uses (`task`, or `task@model` in a matrix), so `applyBaseline` reads it too.
 */
import pkg from '../../package.json' with { type: 'json' };
import type { CheckResult, RunReport } from '../check/types.js';
import { countStatuses } from '../report/summary.js';
import type { EvalReport, TaskStats } from './types.js';

const percent = (rate: number): string => `${Math.round(rate * 100)}%`;

export function evalRunReport(report: EvalReport): RunReport {
  const results = report.tasks.map((stats) => taskResult(report, stats));
  return {
    tool: { name: 'mcpvet', version: pkg.version },
    command: 'eval',
    target: report.target,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    results,
    summary: countStatuses(results),
    extras: { eval: { models: report.models, settings: report.settings, tasks: report.tasks, overall: report.overall, findings: report.findings } },
  };
}

function taskResult(report: EvalReport, stats: TaskStats): CheckResult {
  const id = report.models.length > 1 ? `${stats.task}@${stats.model}` : stats.task;
  const rate = `${stats.passes}/${stats.runs} runs passed (${percent(stats.passRate)}, 95% interval ${percent(stats.interval.low)}–${percent(stats.interval.high)})`;
  const threshold = `threshold ${percent(report.settings.threshold)}`;
  const failed = report.runs.filter((run) => run.task === stats.task && run.model === stats.model && run.variant === stats.variant && !run.passed);
  return {
    id,
    title: stats.prompt?.split('\n')[0]?.slice(0, 120) ?? stats.task,
    suite: stats.holdout ? 'eval (held out)' : 'eval',
    level: 'RULE',
    requirements: [],
    spec: '',
    status: stats.meetsThreshold ? 'pass' : 'fail',
    ...(stats.meetsThreshold ? {} : { code: 'under-threshold' }),
    message: `${rate}; ${threshold}${stats.variant ? `; variant ${stats.variant}` : ''}`,
    findings: stats.meetsThreshold ? [] : [{ status: 'fail', level: 'RULE', code: 'under-threshold', message: `${rate}, under the ${threshold}` }],
    evidence: failed.slice(0, 3).map((run) => ({ note: `run ${run.run + 1} failed: ${run.reasons.join('; ')}` })),
    durationMs: Math.round(stats.wallMs.p50 * stats.runs),
  };
}

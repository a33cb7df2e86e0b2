/**
 * The eval reports of `--shard i/n` jobs as one run. Tasks were split by id, so each task's runs,
 * statistics, confusion cells and variant rows are whole in one shard and carry over as they are;
 * what spans tasks is recomputed from the runs: the overall metrics per model, the findings, the
 * cost of each tool.
 */
import { mergeEvalBaselines } from './baseline.js';
import { compareVariants } from './compare.js';
import { transcriptFindings } from './findings.js';
import { metricsOf } from './metrics.js';
import { tokensSavedOf } from './tokens-saved.js';
import { requireCompleteShards } from '../report/merge.js';
import type { ConfusionCell, EvalReport, TaskStats, ToolCost } from './types.js';

const NOT_CONVERTED = 'tool-not-converted';

export function mergeEvalReports(shards: ReadonlyArray<{ file: string; report: EvalReport }>): EvalReport {
  requireCompleteShards(shards, ({ report }) => ({
    target: report.target,
    models: report.models,
    settings: report.settings,
    variants: report.variants ?? null,
    replayed: report.replayed,
    'report version': report.version,
    'expected-failures file': report.baseline?.file ?? null,
  }));
  const reports = [...shards].map(({ report }) => report).sort((a, b) => (a.shard?.index ?? 0) - (b.shard?.index ?? 0));
  const { shard: _shard, baseline: _baseline, ...first } = reports[0] as EvalReport;
  const baseline = mergeEvalBaselines(reports);
  const runs = reports.flatMap((report) => report.runs);
  const tasks = reports.flatMap((report) => report.tasks);
  const holdout = new Map(tasks.map((stats) => [stats.task, stats.holdout]));
  const overallKeys = unique(reports.flatMap((report) => report.overall.map(({ model, variant, holdout: held }) => ({ model, variant, holdout: held }))));
  const overall = overallKeys.map((key) => {
    const mine = (entry: { model: string; variant?: string }) => entry.model === key.model && entry.variant === key.variant;
    const metrics = metricsOf(runs.filter((run) => mine(run) && (holdout.get(run.task) ?? false) === key.holdout));
    const costs = tasks.filter((stats) => mine(stats) && stats.holdout === key.holdout && stats.costUsd !== undefined);
    // Costs made with --price are in the task statistics only (the prices are not in the report).
    const costUsd = costs.length > 0 ? costs.reduce((sum, stats) => sum + (stats.costUsd as number), 0) : undefined;
    return {
      model: key.model,
      ...(key.variant !== undefined ? { variant: key.variant } : {}),
      holdout: key.holdout,
      ...metrics,
      ...(costUsd !== undefined ? { costUsd } : {}),
    };
  });
  const notConverted = first.findings
    .filter((finding) => finding.code === NOT_CONVERTED && finding.tool !== undefined)
    .map((finding) => ({ tool: finding.tool as string, reason: finding.message.replace(`${finding.tool} could not be offered to the model: `, '') }));
  const variantComparison = compareVariants(tasks);
  return {
    ...first,
    startedAt: reports.map((report) => report.startedAt).sort()[0] as string,
    durationMs: Math.max(...reports.map((report) => report.durationMs)),
    tasks,
    overall,
    confusion: sumCells(reports.flatMap((report) => report.confusion)),
    findings: transcriptFindings({ runs, tools: first.tools.map((tool) => ({ name: tool.tool })), notConverted }),
    tools: first.tools.map((tool) =>
      mergeTool(
        tool,
        reports.map((report) => report.tools.find((other) => other.tool === tool.tool)),
      ),
    ),
    runs,
    runsSaved: tasks.reduce((sum, stats: TaskStats) => sum + stats.runsSaved, 0),
    tokensSaved: tasks.reduce((sum, stats: TaskStats) => sum + tokensSavedOf(stats), 0),
    ...(variantComparison.length > 0 ? { variantComparison } : {}),
    ...(baseline ? { baseline } : {}),
  };
}

function unique<T>(keys: T[]): T[] {
  const seen = new Map(keys.map((key) => [JSON.stringify(key), key]));
  return [...seen.values()];
}

function sumCells(cells: ConfusionCell[]): ConfusionCell[] {
  const sums = new Map<string, ConfusionCell>();
  for (const cell of cells) {
    const key = JSON.stringify([cell.model, cell.variant ?? null, cell.expected, cell.actual]);
    const seen = sums.get(key);
    if (seen) seen.count += cell.count;
    else sums.set(key, { ...cell });
  }
  return [...sums.values()];
}

function mergeTool(tool: ToolCost, inShards: Array<ToolCost | undefined>): ToolCost {
  const present = inShards.filter((entry) => entry !== undefined);
  return {
    ...tool,
    calls: present.reduce((sum, entry) => sum + entry.calls, 0),
    maxResultBytes: Math.max(0, ...present.map((entry) => entry.maxResultBytes)),
  };
}

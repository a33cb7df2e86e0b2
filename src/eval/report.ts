/**
 * Assembles the EvalReport from the runs: statistics per task (and model, and variant), overall
 * metrics with held-out tasks apart, the confusion matrix, the cost of each tool, the findings and,
 * with `--variants`, each variant against the first. Pure: the runner gathers, this computes.
 */
import { compareVariants } from './compare.js';
import { tokensSavedOf } from './tokens-saved.js';
import { confusionMatrix } from './confusion.js';
import { transcriptFindings } from './findings.js';
import { calledName, callsOf, metricsOf, type Prices } from './metrics.js';
import { passAtK, passHatK } from './stats.js';
import type { EvalReport, EvalSuite, EvalTask, RunRecord, TaskStats, ToolCost } from './types.js';

/** Runs not made by `--until-confident`, keyed by `savedKey(task, model, variant)`. */
export type RunsSaved = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

export function savedKey(task: string, model: string, variant?: string): string {
  return JSON.stringify([task, model, variant ?? null]);
}

export interface EvalReportInput {
  suite: EvalSuite;
  runs: RunRecord[];
  target: string;
  models: string[];
  /** The variants file, as named on the command line. */
  variants?: string;
  replayed: boolean;
  startedAt: string;
  durationMs: number;
  /** The tools offered to the models, with the tokens their definitions cost. */
  tools: Array<{ name: string; definitionTokens: number }>;
  notConverted: Array<{ tool: string; reason: string }>;
  runsSaved?: RunsSaved;
  prices?: Prices;
}

interface Combo {
  model: string;
  variant?: string;
}

const savedOf = (saved: RunsSaved | undefined, key: string): number =>
  (saved instanceof Map ? saved.get(key) : (saved as Record<string, number> | undefined)?.[key]) ?? 0;

/** The (model, variant) pairs, models in the order given, variants in the order first run. */
function combos(models: readonly string[], runs: readonly RunRecord[]): Combo[] {
  const seen = [...new Set(runs.map((run) => run.variant))];
  const variants = seen.length > 0 ? seen : [undefined];
  const allModels = [...new Set([...models, ...runs.map((run) => run.model)])];
  return allModels.flatMap((model) => variants.map((variant) => ({ model, ...(variant !== undefined ? { variant } : {}) })));
}

const sameCombo = (run: RunRecord, combo: Combo) => run.model === combo.model && run.variant === combo.variant;

function taskStats(task: EvalTask, combo: Combo, runs: RunRecord[], input: EvalReportInput): TaskStats {
  const metrics = metricsOf(runs, input.prices);
  const k = Math.min(input.suite.settings.k, metrics.runs);
  return {
    task: task.id,
    prompt: task.prompt,
    model: combo.model,
    ...(combo.variant !== undefined ? { variant: combo.variant } : {}),
    holdout: task.holdout,
    tags: task.tags,
    ...metrics,
    k,
    passAtK: passAtK(metrics.runs, metrics.passes, k),
    passHatK: passHatK(metrics.runs, metrics.passes, k),
    meetsThreshold: metrics.runs > 0 && metrics.passRate >= input.suite.settings.threshold,
    ...saved(metrics, savedOf(input.runsSaved, savedKey(task.id, combo.model, combo.variant))),
  };
}

/** The runs not made and their tokens, at the mean of the runs that were (an estimate: nothing is extrapolated further). */
function saved(metrics: { runs: number; inputTokens: number; outputTokens: number }, runsSaved: number): { runsSaved: number; tokensSaved: number } {
  return { runsSaved, tokensSaved: tokensSavedOf({ ...metrics, runsSaved }) };
}

function toolCosts(input: EvalReportInput): ToolCost[] {
  const calls = input.runs.flatMap(callsOf);
  return input.tools.map(({ name, definitionTokens }) => {
    const mine = calls.filter((call) => calledName(call) === name);
    return { tool: name, definitionTokens, maxResultBytes: Math.max(0, ...mine.map((call) => call.resultBytes)), calls: mine.length };
  });
}

export function buildEvalReport(input: EvalReportInput): EvalReport {
  const { tasks } = input.suite;
  const holdout = new Map(tasks.map((task) => [task.id, task.holdout]));
  const pairs = combos(input.models, input.runs);
  const stats = pairs.flatMap((combo) =>
    tasks.map((task) =>
      taskStats(
        task,
        combo,
        input.runs.filter((run) => run.task === task.id && sameCombo(run, combo)),
        input,
      ),
    ),
  );
  const overall = pairs.flatMap((combo) =>
    [false, true]
      .filter((held) => tasks.some((task) => task.holdout === held))
      .map((held) => ({
        model: combo.model,
        ...(combo.variant !== undefined ? { variant: combo.variant } : {}),
        holdout: held,
        ...metricsOf(
          input.runs.filter((run) => sameCombo(run, combo) && (holdout.get(run.task) ?? false) === held),
          input.prices,
        ),
      })),
  );
  const variantComparison = compareVariants(stats);
  return {
    format: 'mcpvet-eval',
    version: 1,
    startedAt: input.startedAt,
    durationMs: input.durationMs,
    target: input.target,
    models: input.models,
    settings: input.suite.settings,
    ...(input.variants !== undefined ? { variants: input.variants } : {}),
    replayed: input.replayed,
    tasks: stats,
    overall,
    confusion: confusionMatrix(tasks, input.runs),
    findings: transcriptFindings(input),
    tools: toolCosts(input),
    runs: input.runs,
    runsSaved: stats.reduce((sum, entry) => sum + entry.runsSaved, 0),
    tokensSaved: stats.reduce((sum, entry) => sum + tokensSavedOf(entry), 0),
    ...(variantComparison.length > 0 ? { variantComparison } : {}),
  };
}

/** Metrics over a set of runs (one task, one model, everything): pass rate, calls, tokens, cost, times. */
import { percentiles, wilson } from './stats.js';
import type { Metrics, RunRecord, ToolCallRecord } from './types.js';

/** Per-token prices in US dollars (`--price`). */
export interface Prices {
  inputPerToken: number;
  outputPerToken: number;
}

export function callsOf(run: RunRecord): ToolCallRecord[] {
  return run.turns.flatMap((turn) => turn.toolCalls);
}

/** The name a call is counted under: the MCP tool, else the name the model made up. */
export function calledName(call: ToolCallRecord): string {
  return call.name || call.calledAs;
}

/** Cost from `--price` when given, else what the runner recorded per run (undefined when neither). */
function costOf(runs: readonly RunRecord[], prices: Prices | undefined): number | undefined {
  if (prices) return runs.reduce((sum, run) => sum + run.inputTokens * prices.inputPerToken + run.outputTokens * prices.outputPerToken, 0);
  if (runs.some((run) => run.costUsd !== undefined)) return runs.reduce((sum, run) => sum + (run.costUsd ?? 0), 0);
  return undefined;
}

export function metricsOf(runs: readonly RunRecord[], prices?: Prices): Metrics {
  const passes = runs.filter((run) => run.passed).length;
  const calls = runs.flatMap(callsOf);
  const cost = costOf(runs, prices);
  return {
    runs: runs.length,
    passes,
    passRate: runs.length === 0 ? 0 : passes / runs.length,
    interval: wilson(passes, runs.length),
    toolCallsPerRun: runs.length === 0 ? 0 : calls.length / runs.length,
    toolErrors: calls.filter((call) => call.isError).length,
    invalidArguments: calls.filter((call) => call.invalidArguments).length,
    inputTokens: runs.reduce((sum, run) => sum + run.inputTokens, 0),
    outputTokens: runs.reduce((sum, run) => sum + run.outputTokens, 0),
    ...(cost !== undefined ? { costUsd: cost } : {}),
    wallMs: percentiles(runs.map((run) => run.wallMs)),
    modelMs: percentiles(runs.map((run) => run.modelMs)),
    mcpMs: percentiles(runs.map((run) => run.mcpMs)),
    toolCallMs: percentiles(calls.map((call) => call.ms)),
  };
}

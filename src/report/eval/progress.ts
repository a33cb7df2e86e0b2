/** One line of live progress for stderr while an eval runs (the runner decides when to write it). */
import { percent, tokens } from './format.js';

export interface EvalProgress {
  /** Tasks (with every model and variant) whose runs are all finished, and how many there are. */
  tasksDone: number;
  tasksTotal: number;
  runsDone: number;
  /** Runs planned in all (an upper bound with `--until-confident`); optional. */
  runsTotal?: number;
  passes: number;
  /** Tokens in and out spent so far. */
  tokens: number;
  /** The task (with its model, when several run) with the lowest pass rate so far: where to look first. */
  lowest?: { label: string; passes: number; runs: number };
}

export function formatProgressLine(progress: EvalProgress): string {
  const runs = progress.runsTotal !== undefined ? `${progress.runsDone}/${progress.runsTotal} runs` : `${progress.runsDone} runs`;
  const lowest =
    progress.lowest && progress.lowest.passes < progress.lowest.runs
      ? ` (lowest: ${progress.lowest.label} ${progress.lowest.passes}/${progress.lowest.runs})`
      : '';
  const rate = progress.runsDone > 0 ? `pass rate so far ${percent(progress.passes / progress.runsDone)}${lowest}` : 'no run finished yet';
  return `mcpvet eval: ${progress.tasksDone}/${progress.tasksTotal} tasks, ${runs}, ${rate}, ${tokens(progress.tokens)} tokens`;
}

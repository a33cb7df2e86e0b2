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
}

export function formatProgressLine(progress: EvalProgress): string {
  const runs = progress.runsTotal !== undefined ? `${progress.runsDone}/${progress.runsTotal} runs` : `${progress.runsDone} runs`;
  const rate = progress.runsDone > 0 ? `pass rate so far ${percent(progress.passes / progress.runsDone)}` : 'no run finished yet';
  return `mcpvet eval: ${progress.tasksDone}/${progress.tasksTotal} tasks, ${runs}, ${rate}, ${tokens(progress.tokens)} tokens`;
}

/** Reads an eval report back from its JSON file (for `mcpvet eval compare`), with one clear error per kind of mistake. */
import { readFile } from 'node:fs/promises';
import type { EvalReport } from './types.js';

export class EvalReportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvalReportFormatError';
  }
}

const HOW = 'write one with `mcpvet eval … --format json -o FILE`';

/** The fields compare reads from each task: checked, so that a hand-edited file fails here and not later. */
function isTaskStats(value: unknown): boolean {
  const stats = value as Record<string, unknown> | null;
  return (
    typeof stats === 'object' &&
    stats !== null &&
    typeof stats.task === 'string' &&
    typeof stats.model === 'string' &&
    (stats.variant === undefined || typeof stats.variant === 'string') &&
    Number.isInteger(stats.runs) &&
    Number.isInteger(stats.passes) &&
    (stats.passes as number) >= 0 &&
    (stats.passes as number) <= (stats.runs as number) &&
    typeof stats.passRate === 'number'
  );
}

export function parseEvalReport(text: string, path: string): EvalReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new EvalReportFormatError(`${path}: not JSON, so not an mcpvet eval report (${HOW})`);
  }
  const report = value as Partial<EvalReport> | null;
  if (typeof report !== 'object' || report === null || report.format !== 'mcpvet-eval')
    throw new EvalReportFormatError(`${path}: not an mcpvet eval report (no "format": "mcpvet-eval"; ${HOW})`);
  if (report.version !== 1)
    throw new EvalReportFormatError(`${path}: eval report version ${JSON.stringify(report.version)} is not supported (this mcpvet reads version 1)`);
  if (!Array.isArray(report.tasks)) throw new EvalReportFormatError(`${path}: the eval report has no "tasks" list`);
  const bad = report.tasks.findIndex((stats) => !isTaskStats(stats));
  if (bad !== -1) throw new EvalReportFormatError(`${path}: tasks[${bad}] is not a task result (task, model, runs, passes, passRate)`);
  return { ...report, tasks: report.tasks.map((stats) => ({ ...stats, holdout: stats.holdout === true })) } as EvalReport;
}

export async function readEvalReport(path: string): Promise<EvalReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EvalReportFormatError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot be read (${code ?? error})`);
  }
  return parseEvalReport(text, path);
}

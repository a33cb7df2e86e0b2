/** `mcpvet eval compare A.json B.json`: per-task differences of pass rates; exit 2 when a task regressed significantly. */
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { compareReports } from '../eval/compare.js';
import { EvalReportFormatError, readEvalReport } from '../eval/read-report.js';
import { renderCompareConsole } from '../report/eval/compare-console.js';
import { renderCompareMarkdown } from '../report/eval/compare-markdown.js';
import { renderEvalJson } from '../report/eval/json.js';
import { maskLiterals } from '../report/redact.js';
import { prepareOutputDir, ReportUsageError } from '../report/write.js';
import { usageError } from './cli-error.js';
import { formatsFlag } from './format-flag.js';
import { ExitCode } from './exit-codes.js';
import { printJson, printNote, printText } from './output.js';

export interface EvalCompareFlags {
  format: string;
  output?: string;
  color: boolean;
}

export async function runEvalCompare(fileA: string, fileB: string, flags: EvalCompareFlags): Promise<number> {
  const [format] = formatsFlag('eval compare', flags.format, { hasOutput: false, multiple: false });
  let a;
  let b;
  try {
    if (flags.output) prepareOutputDir(dirname(flags.output));
    [a, b] = await Promise.all([readEvalReport(fileA), readEvalReport(fileB)]);
  } catch (error) {
    if (error instanceof EvalReportFormatError || error instanceof ReportUsageError) throw usageError(error.message);
    throw error;
  }
  const comparison = compareReports(a, b, { a: fileA, b: fileB });
  // A CI gate that compared nothing would pass silently: different model names are the usual cause.
  if (comparison.rows.length === 0) throw usageError(`${fileA} and ${fileB} have no task in common (same task id, model and variant): nothing to compare`);
  const render = (color: boolean) =>
    format === 'json' ? renderEvalJson(comparison) : format === 'markdown' ? renderCompareMarkdown(comparison) : renderCompareConsole(comparison, { color });
  if (flags.output) {
    writeFileSync(flags.output, maskLiterals(render(false)), 'utf8');
    printNote(`mcpvet: wrote ${flags.output}`);
  } else if (format === 'json') printJson(render(false));
  else printText(render(flags.color && process.stdout.isTTY === true && !process.env.NO_COLOR));
  return comparison.regressions > 0 ? ExitCode.Failed : ExitCode.Ok;
}

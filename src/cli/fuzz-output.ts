/**
 * The fuzz report in each format, written where -o says (see report-destination.ts), and the
 * run's exit code. Console, JSON, JUnit and SARIF are fuzz's own renderers; Markdown and HTML, and
 * the baseline, come from the shared result model (fuzz/to-run-report.ts), loaded only when used.
 */
import type { FuzzReport } from '../fuzz/report.js';
import { fileNameOf, type Format } from '../report/formats.js';
import { renderFuzzConsole } from '../report/fuzz/console.js';
import { renderFuzzJson } from '../report/fuzz/json.js';
import { renderFuzzJunit } from '../report/fuzz/junit.js';
import { renderFuzzSarif } from '../report/fuzz/sarif.js';
import { ExitCode } from './exit-codes.js';
import { type Destination, writeReports } from './report-destination.js';

const SHARED: readonly Format[] = ['markdown', 'html'];

export async function writeFuzzReports(
  input: FuzzReport,
  formats: Format[],
  destination: Destination | undefined,
  options: { color: boolean; expected?: { file: string; entries: string[] }; sarifLocation?: string },
): Promise<number> {
  const { fuzzRunReport } = await import('../fuzz/to-run-report.js');
  let run = fuzzRunReport(input);
  let report = input;
  const { applyBaseline, exitCodeFor } = await import('../report/baseline.js');
  if (options.expected) {
    run = applyBaseline(run, options.expected.entries, options.expected.file);
    report = { ...report, baseline: run.baseline };
  }
  const { getReporter } = await import('../report/types.js');
  const reporters = new Map(
    await Promise.all(formats.filter((format) => SHARED.includes(format)).map(async (format) => [format, await getReporter(format)] as const)),
  );
  const { painter } = await import('../report/ansi.js');
  const { baselineLines } = await import('../report/console.js');
  const render = (format: string, color: boolean): string => {
    const reporter = reporters.get(format as Format);
    if (reporter) return reporter.render(run, { color });
    switch (format) {
      case 'json':
        return renderFuzzJson(report);
      case 'sarif':
        return renderFuzzSarif(report, { sarifLocation: options.sarifLocation });
      case 'junit':
        return renderFuzzJunit(report);
      default: {
        const baseline = baselineLines(run, painter(color), false);
        return renderFuzzConsole(report, { color }) + (baseline.length ? `${baseline.join('\n')}\n` : '');
      }
    }
  };
  const fileNames = Object.fromEntries(formats.flatMap((format) => (fileNameOf(format) ? [[format, fileNameOf(format) as string]] : [])));
  writeReports({ render, fileNames, jsonFormats: ['json', 'sarif'] }, formats, destination, options);
  // Warnings (a SHOULD-like property) are reported but, as in `check`, do not fail the run.
  if (run.baseline) return exitCodeFor(run) === 0 ? ExitCode.Ok : ExitCode.Failed;
  return report.failures.some((failure) => failure.severity === 'error') ? ExitCode.Failed : ExitCode.Ok;
}

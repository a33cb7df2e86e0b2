/**
 * The load report in each format, written where -o says (see report-destination.ts). Console and
 * JSON are load's own renderers; JUnit, Markdown and HTML come from the shared result model
 * (load/to-run-report.ts), loaded only when asked for.
 */
import type { RunReport } from '../check/types.js';
import type { LoadReport } from '../load/report.js';
import type { Reporter } from '../report/types.js';
import { renderLoadConsole } from '../report/load/console.js';
import { fileNameOf, type Format } from '../report/formats.js';
import { type Destination, writeReports } from './report-destination.js';

const SHARED: readonly Format[] = ['junit', 'markdown', 'html'];

export async function writeLoadReports(report: LoadReport, formats: Format[], destination: Destination | undefined): Promise<void> {
  const shared = formats.filter((format) => SHARED.includes(format));
  const reporters = new Map<Format, Reporter>();
  let run: RunReport | undefined;
  if (shared.length > 0) {
    const { loadRunReport } = await import('../load/to-run-report.js');
    const { getReporter } = await import('../report/types.js');
    run = loadRunReport(report);
    for (const format of shared) reporters.set(format, await getReporter(format));
  }
  const render = (format: string, color: boolean): string => {
    const reporter = reporters.get(format as Format);
    if (reporter && run) return reporter.render(run, { color });
    return format === 'json' ? JSON.stringify(report) : renderLoadConsole(report);
  };
  const fileNames = Object.fromEntries(formats.flatMap((format) => (fileNameOf(format) ? [[format, fileNameOf(format) as string]] : [])));
  writeReports({ render, fileNames, jsonFormats: ['json'] }, formats, destination, { color: false });
}

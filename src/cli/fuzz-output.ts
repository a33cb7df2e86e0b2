/** The fuzz report in each format, written where -o says (see report-destination.ts). */
import type { FuzzReport } from '../fuzz/report.js';
import { renderFuzzConsole } from '../report/fuzz/console.js';
import { renderFuzzJson } from '../report/fuzz/json.js';
import { renderFuzzJunit } from '../report/fuzz/junit.js';
import { renderFuzzSarif } from '../report/fuzz/sarif.js';
import { type Destination, writeReports } from './report-destination.js';

export function writeFuzzReports(report: FuzzReport, formats: string[], destination: Destination | undefined, options: { color: boolean }): void {
  const render = (format: string, color: boolean): string => {
    switch (format) {
      case 'json':
        return renderFuzzJson(report);
      case 'sarif':
        return renderFuzzSarif(report);
      case 'junit':
        return renderFuzzJunit(report);
      default:
        return renderFuzzConsole(report, { color });
    }
  };
  writeReports(
    { render, fileNames: { json: 'report.json', sarif: 'report.sarif', junit: 'junit.xml' }, jsonFormats: ['json', 'sarif'] },
    formats,
    destination,
    options,
  );
}

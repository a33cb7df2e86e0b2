/** The eval report in each format, written where -o says (see report-destination.ts). */
import type { EvalReport } from '../eval/types.js';
import { renderEvalConsole } from '../report/eval/console.js';
import { renderEvalHtml } from '../report/eval/html.js';
import { renderEvalJson } from '../report/eval/json.js';
import { renderEvalJunit } from '../report/eval/junit.js';
import { renderEvalMarkdown } from '../report/eval/markdown.js';
import { type Destination, writeReports } from './report-destination.js';

export function writeEvalReports(report: EvalReport, formats: string[], destination: Destination | undefined, options: { color: boolean }): void {
  const render = (format: string, color: boolean): string => {
    switch (format) {
      case 'json':
        return renderEvalJson(report);
      case 'junit':
        return renderEvalJunit(report);
      case 'markdown':
        return renderEvalMarkdown(report);
      case 'html':
        return renderEvalHtml(report);
      default:
        return renderEvalConsole(report, { color });
    }
  };
  writeReports(
    { render, fileNames: { json: 'report.json', junit: 'junit.xml', markdown: 'report.md', html: 'report.html' }, jsonFormats: ['json'] },
    formats,
    destination,
    options,
  );
}

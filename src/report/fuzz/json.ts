/** The fuzz report as one JSON document, for machines. */
import type { FuzzReport } from '../../fuzz/report.js';
import { redactFuzzReport } from './redact.js';

export function renderFuzzJson(report: FuzzReport): string {
  return JSON.stringify(redactFuzzReport(report), null, 2) + '\n';
}

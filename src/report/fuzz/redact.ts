/**
 * A fuzz report made safe to show: server text in messages redacted by shape and context (the
 * arguments and commands are fuzz's own values, kept exact so they still reproduce). Remembered
 * secret values and the canary are masked literally when printed (cli/output.ts).
 */
import { redactText } from '../redact.js';
import type { FuzzReport } from '../../fuzz/report.js';

export function redactFuzzReport(report: FuzzReport): FuzzReport {
  return { ...report, failures: report.failures.map((failure) => ({ ...failure, message: redactText(failure.message) })) };
}

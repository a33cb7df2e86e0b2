/** Assertion helpers for test suites: throw a readable error when a server breaks a rule. */
import { runCheckRun, type CheckRunOptions } from './check/run.js';
import type { RunReport } from './check/types.js';
import { hasErrors, lintTools } from './lint/index.js';
import type { Target } from './wire/target.js';
import type { McpClient } from './client/types.js';

export class ConformanceError extends Error {
  constructor(
    message: string,
    readonly report?: RunReport,
  ) {
    super(message);
    this.name = 'ConformanceError';
  }
}

/** Runs the checks and throws when any fails (or errors; warnings too with `strictWarnings`). Returns the report. */
export async function assertConformance(target: Target, options: CheckRunOptions & { strictWarnings?: boolean } = {}): Promise<RunReport> {
  const report = await runCheckRun(target, options);
  const bad = report.results.filter((result) => result.status === 'fail' || result.status === 'error' || (options.strictWarnings && result.status === 'warn'));
  if (bad.length > 0) {
    throw new ConformanceError(
      `${bad.length} check(s) did not pass:\n${bad.map((result) => `  ${result.status} ${result.id}: ${result.message}`).join('\n')}`,
      report,
    );
  }
  return report;
}

/** Lints the server's tools and throws on error-level findings. */
export async function assertToolsLintClean(client: McpClient): Promise<void> {
  const findings = lintTools(await client.listAll('tools/list'));
  if (hasErrors(findings)) {
    const errors = findings.filter((finding) => finding.severity === 'error');
    throw new ConformanceError(
      `${errors.length} lint error(s):\n${errors.map((finding) => `  ${finding.tool} ${finding.path}: ${finding.message}`).join('\n')}`,
    );
  }
}

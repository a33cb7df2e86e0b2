/**
 * `checks.json` files in the shape the official conformance suite writes, so tooling built
 * for it (dashboards, tier audits, `results/**\/checks.json` globs) reads mcpvet's results.
 *
 * Source of the shape: modelcontextprotocol/conformance (npm @modelcontextprotocol/conformance),
 * `src/types.ts` (interface ConformanceCheck, type CheckStatus) and `src/runner/server.ts`
 * (runServerConformanceTest writes `JSON.stringify(checks, null, 2)` to
 * `<output-dir>/server-<scenario>-<timestamp>/checks.json`, one directory per scenario).
 *
 * Mapping choices:
 * - one file per suite (a suite plays the part of a scenario): `server-<suite>/checks.json`,
 *   without the timestamp, so a CI artifact path is stable and reruns into the same -o DIR
 *   replace the files like the other reports;
 * - pass/fail/warn/skip -> SUCCESS/FAILURE/WARNING/SKIPPED; `incomplete` (could not decide) ->
 *   SKIPPED too (the official statuses have no "undecided"); `error` (the check broke) ->
 *   FAILURE, since the official runner also records a thrown check as a FAILURE with an
 *   errorMessage; `details.mcpvetStatus` keeps the distinction;
 * - name and description are the title (officially both describe what is checked), and
 *   errorMessage carries the verdict's message for everything but a pass (officially also
 *   for SKIPPED: the reason);
 * - timestamp: checks run concurrently and only their durations are recorded, so every
 *   check carries the run's start time.
 */
import type { CheckResult, RunReport, Status } from '../check/types.js';
import { redactReport } from './redact.js';
import { groupBySuite, specUrl } from './summary.js';

export type ConformanceStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';

export interface ConformanceCheck {
  id: string;
  name: string;
  description: string;
  status: ConformanceStatus;
  timestamp: string;
  specReferences?: { id: string; url?: string }[];
  details?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  errorMessage?: string;
  logs?: string[];
}

const STATUS: Record<Status, ConformanceStatus> = {
  pass: 'SUCCESS',
  fail: 'FAILURE',
  warn: 'WARNING',
  info: 'INFO',
  skip: 'SKIPPED',
  incomplete: 'SKIPPED',
  error: 'FAILURE',
};

export function toConformanceCheck(result: CheckResult, report: RunReport): ConformanceCheck {
  const check: ConformanceCheck = {
    id: result.id,
    name: result.title,
    description: result.title,
    status: STATUS[result.status],
    timestamp: report.startedAt,
    specReferences: [{ id: result.spec, url: specUrl(result.spec, report.protocolVersion) }],
    details: {
      mcpvetStatus: result.status,
      level: result.level,
      suite: result.suite,
      message: result.message,
      ...(result.code !== undefined ? { code: `${result.id}/${result.code}` } : {}),
      ...(result.findings.length > 1 || result.findings[0]?.location ? { findings: result.findings } : {}),
      durationMs: result.durationMs,
      ...(result.evidence.length ? { evidence: result.evidence } : {}),
    },
  };
  if (result.status !== 'pass') check.errorMessage = result.status === 'error' ? `check could not run: ${result.message}` : result.message;
  return check;
}

/** One `server-<suite>/checks.json` per suite, paths relative to the output directory. */
export function conformanceFiles(input: RunReport, options: { secrets?: readonly string[] } = {}): { path: string; content: string }[] {
  const report = redactReport(input, { secrets: options.secrets });
  return groupBySuite(report.results).map((group) => ({
    path: `server-${group.suite.replace(/[^A-Za-z0-9_-]/g, '_')}/checks.json`,
    content: JSON.stringify(
      group.results.map((r) => toConformanceCheck(r, report)),
      null,
      2,
    ),
  }));
}

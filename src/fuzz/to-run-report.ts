/**
 * A fuzz run in the one result model (check's RunReport), so Markdown and HTML render it with
 * the same code as a check run, and `--expected-failures` means the same. One result per
 * property that was tested: a pass, or graded by its failures (an error-severity property fails,
 * a warning one warns). A failure's code is the tool it is about (`envelope` for a malformed
 * message), so a baseline entry `<property>/<tool>` tolerates one property on one tool.
 */
import type { CheckResult, ResultFinding, RunReport, Status } from '../check/types.js';
import { countStatuses } from '../report/summary.js';
import { PROPERTIES, PROPERTY_IDS, type PropertyId } from './properties.js';
import type { FuzzFailure, FuzzReport } from './report.js';

const ENVELOPE_PROPERTIES: readonly PropertyId[] = ['envelope-survives', 'envelope-rejected'];
const ENVELOPE = 'envelope';

export function fuzzRunReport(report: FuzzReport): RunReport {
  const tested = PROPERTY_IDS.filter((property) => report.envelope !== undefined || !ENVELOPE_PROPERTIES.includes(property));
  const results = tested.map((property) =>
    propertyResult(
      property,
      report.failures.filter((failure) => failure.property === property),
    ),
  );
  return {
    tool: report.tool,
    command: 'fuzz',
    target: report.target,
    transport: report.transport as RunReport['transport'],
    era: report.era as RunReport['era'],
    protocolVersion: report.protocolVersion,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    results,
    summary: countStatuses(results),
    extras: {
      fuzz: {
        seed: report.seed,
        runs: report.runs,
        calls: report.calls,
        callsPerSecond: report.callsPerSecond,
        tools: report.tools,
        failures: report.failures,
        notes: report.notes,
      },
    },
  };
}

function propertyResult(property: PropertyId, failures: readonly FuzzFailure[]): CheckResult {
  const { title, severity } = PROPERTIES[property];
  const status: Status = failures.length === 0 ? 'pass' : severity === 'error' ? 'fail' : 'warn';
  const findings: ResultFinding[] = failures.map((failure) => ({
    status,
    level: 'RULE',
    code: failure.tool ?? ENVELOPE,
    ...(failure.tool !== undefined ? { location: { tool: failure.tool, ...(failure.pointer ? { pointer: failure.pointer } : {}) } } : {}),
    message: `${failure.tool ?? ENVELOPE}: ${failure.message}`,
  }));
  const first = findings[0];
  return {
    id: property,
    title,
    suite: 'fuzz',
    level: 'RULE',
    requirements: [],
    spec: '',
    status,
    ...(first ? { code: first.code } : {}),
    message: !first ? 'no input broke it' : findings.length === 1 ? first.message : `${findings.length} failures; first: ${first.message}`,
    findings,
    evidence: failures.map((failure) => ({ note: evidenceNote(failure) })),
    durationMs: 0,
  };
}

/** The smallest input found and the command that sends it again. */
function evidenceNote(failure: FuzzFailure): string {
  const input = failure.args !== undefined ? `arguments ${capped(JSON.stringify(failure.args))}` : `message ${capped(JSON.stringify(failure.envelope))}`;
  const how = failure.mutation ? ` (made invalid: ${failure.mutation})` : '';
  return `${input}${how}, shrunk ${failure.shrinks} times${failure.reproduced ? ', fails again alone' : ''}\nreproduce: ${failure.reproduce}`;
}

/** A huge input (the envelope fuzzer sends megabytes on purpose) is shown by its head. */
const NOTE_CHARS = 4000;
const capped = (text = ''): string => (text.length > NOTE_CHARS ? `${text.slice(0, NOTE_CHARS)}… (${text.length} characters)` : text);

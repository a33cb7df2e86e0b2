/**
 * SARIF 2.1.0 for code-scanning services: one run, a rule per check that ran, and a result per
 * finding of a check that failed, warned or broke (passes and skips are not findings); an
 * incomplete check is one result of kind `open` (SARIF's "could not decide"). The ruleId is the
 * check id; the finding's code is in `properties.code` and starts the message. Checks judge a
 * server, not a file, so logical locations name the target and, where known, the tool (and the
 * JSON pointer into it) or the method; the physical location code scanning needs is the file the
 * user named, else one that stands for the server (sarif-location.ts).
 */
import type { Log, LogicalLocation, ReportingDescriptor, Result } from 'sarif';
import type { CheckResult, ResultFinding, RunReport, Status } from '../check/types.js';
import { isExpectedFailure } from './baseline.js';
import { redactReport } from './redact.js';
import { artifactUri, lineHashes, locationAt } from './sarif-location.js';
import { specUrl } from './summary.js';
import type { RenderOptions, Reporter } from './types.js';

const LEVEL: Partial<Record<Status, Result.level>> = {
  fail: 'error',
  error: 'error',
  warn: 'warning',
  info: 'note',
  incomplete: 'none',
};

export function renderSarif(input: RunReport, options: RenderOptions): string {
  const report = redactReport(input, { secrets: options.secrets });
  const rules: ReportingDescriptor[] = report.results.map((result) => ({
    id: result.id,
    shortDescription: { text: result.title },
    helpUri: specUrl(result.spec, report.protocolVersion),
    defaultConfiguration: { level: defaultLevel(result) },
    properties: { suite: result.suite, level: result.level, requirements: result.requirements },
  }));
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  const findings = report.results.filter((result) => LEVEL[result.status] !== undefined);
  const place = { uri: artifactUri({ file: options.sarifLocation, target: report.target, transport: report.transport }), hash: lineHashes() };
  const sarif: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcpvet', version: report.tool.version, informationUri: 'https://modelcontextprotocol.io', rules } },
        invocations: [{ executionSuccessful: true, startTimeUtc: report.startedAt }],
        properties: { target: report.target, transport: report.transport, era: report.era, protocolVersion: report.protocolVersion },
        results: findings.flatMap((result) => toResults(result, report, index.get(result.id) as number, place)),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

/** The target, then the tool (with the pointer) or the method a finding is about. */
function logicalLocations(report: RunReport, location: ResultFinding['location']): LogicalLocation[] {
  const target = { name: report.target, kind: 'module' };
  if (!location) return [target];
  if ('method' in location) return [target, { name: location.method, fullyQualifiedName: `${report.target}#${location.method}`, kind: 'function' }];
  const tool = { name: location.tool, fullyQualifiedName: `${report.target}#${location.tool}`, kind: 'function' };
  return location.pointer
    ? [target, tool, { name: location.pointer, fullyQualifiedName: `${tool.fullyQualifiedName}${location.pointer}`, kind: 'member' }]
    : [target, tool];
}

/** The uri every result points at, and the run's fingerprint counter. */
interface Place {
  uri: string;
  hash: ReturnType<typeof lineHashes>;
}

/** One result per finding that is not a pass (a check returns several, e.g. one per tool). */
function toResults(result: CheckResult, report: RunReport, ruleIndex: number, place: Place): Result[] {
  const curl = result.evidence.find((evidence) => evidence.curl)?.curl;
  const shown = result.findings.filter((f) => LEVEL[f.status] !== undefined);
  const findings = shown.length ? shown : [{ status: result.status, level: result.level, code: result.code, message: result.message }];
  return findings.map((finding: ResultFinding) => ({
    ruleId: result.id,
    ruleIndex,
    ...(finding.status === 'incomplete' ? { kind: 'open' } : {}),
    level: LEVEL[finding.status],
    message: { text: messageOf(finding) },
    locations: [locationAt(place.uri, logicalLocations(report, finding.location))],
    partialFingerprints: { primaryLocationLineHash: place.hash([result.id, finding.location ?? null, finding.code ?? null]) },
    // A failure the baseline expects is reported, but suppressed, as code scanning does for accepted alerts.
    ...(isExpectedFailure(report, result) ? { suppressions: [{ kind: 'external', justification: 'listed in --expected-failures' }] } : {}),
    properties: { status: finding.status, ...(finding.code !== undefined ? { code: finding.code } : {}), ...(curl ? { reproduce: curl } : {}) },
  }));
}

/** A spec rule's level gives its SARIF level; a security rule's varies with its findings' severity. */
function defaultLevel(result: CheckResult): 'error' | 'warning' | 'note' {
  if (result.level === 'SECURITY' || result.level === 'RULE') return LEVEL[result.status] === 'note' ? 'note' : result.status === 'warn' ? 'warning' : 'error';
  return result.level === 'MUST' ? 'error' : result.level === 'INFO' ? 'note' : 'warning';
}

function messageOf(finding: ResultFinding): string {
  const code = finding.code !== undefined ? `[${finding.code}] ` : '';
  if (finding.status === 'error') return `${code}The check could not finish: ${finding.message}`;
  if (finding.status === 'incomplete') return `${code}The check could not decide: ${finding.message}`;
  return code + finding.message;
}

const reporter: Reporter = { name: 'sarif', render: renderSarif };
export default reporter;

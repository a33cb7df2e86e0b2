/**
 * SARIF 2.1.0 for code-scanning services: one run, a rule per check that ran, and a result per
 * check that failed, warned or broke (passes and skips are not findings). Checks judge a server,
 * not a file, so each result's logical location names the target.
 */
import type { CheckResult, RunReport, Status } from '../check/types.js';
import { isExpectedFailure } from './baseline.js';
import { redactReport } from './redact.js';
import { specUrl } from './summary.js';
import type { RenderOptions, Reporter } from './types.js';

const LEVEL: Partial<Record<Status, 'error' | 'warning' | 'note'>> = { fail: 'error', error: 'error', warn: 'warning', info: 'note' };

export function renderSarif(input: RunReport, options: RenderOptions): string {
  const report = redactReport(input, { secrets: options.secrets });
  const rules = report.results.map((result) => ({
    id: result.id,
    shortDescription: { text: result.title },
    helpUri: specUrl(result.spec, report.protocolVersion),
    defaultConfiguration: { level: result.level === 'MUST' ? 'error' : result.level === 'INFO' ? 'note' : 'warning' },
    properties: { suite: result.suite, level: result.level, requirements: result.requirements },
  }));
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  const findings = report.results.filter((result) => LEVEL[result.status] !== undefined);
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcpvet', version: report.tool.version, informationUri: 'https://modelcontextprotocol.io', rules } },
        invocations: [{ executionSuccessful: true, startTimeUtc: report.startedAt }],
        properties: { target: report.target, transport: report.transport, era: report.era, protocolVersion: report.protocolVersion },
        results: findings.map((result) => toResult(result, report, index.get(result.id) as number)),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

function toResult(result: CheckResult, report: RunReport, ruleIndex: number) {
  const curl = result.evidence.find((evidence) => evidence.curl)?.curl;
  return {
    ruleId: result.id,
    ruleIndex,
    level: LEVEL[result.status],
    message: { text: result.status === 'error' ? `The check could not finish: ${result.message}` : result.message },
    locations: [{ logicalLocations: [{ name: report.target, kind: 'module' }] }],
    // A failure the baseline expects is reported, but suppressed, as code scanning does for accepted alerts.
    ...(isExpectedFailure(report, result) ? { suppressions: [{ kind: 'external', justification: 'listed in --expected-failures' }] } : {}),
    properties: { status: result.status, ...(curl ? { reproduce: curl } : {}) },
  };
}

const reporter: Reporter = { name: 'sarif', fileName: 'report.sarif', render: renderSarif };
export default reporter;

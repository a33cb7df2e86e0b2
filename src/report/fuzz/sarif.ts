/**
 * SARIF 2.1.0 of a fuzz run: a rule per property (`fuzz/<property>`), a result per failure.
 * Fuzz judges a server, not a file, so logical locations carry the target, the tool (or the
 * JSON-RPC envelope) and the JSON pointer of the argument at fault; the physical location code
 * scanning needs is the file the user named, else one that stands for the server
 * (sarif-location.ts). The minimal input and the command that reproduces it are in the result's
 * properties; fingerprints keep a failure recognisable across runs.
 */
import { createHash } from 'node:crypto';
import type { Log, LogicalLocation, ReportingDescriptor, Result } from 'sarif';
import { PROPERTIES, PROPERTY_IDS, ruleId, type PropertyId } from '../../fuzz/properties.js';
import type { FuzzFailure, FuzzReport } from '../../fuzz/report.js';
import { artifactUri, lineHashes, locationAt } from '../sarif-location.js';
import { redactFuzzReport } from './redact.js';

const TOOL_PROPERTIES = PROPERTY_IDS.filter((id) => !id.startsWith('envelope-'));

export interface FuzzSarifOptions {
  /** The repo-relative file results point at (--sarif-location). */
  sarifLocation?: string;
}

export function renderFuzzSarif(input: FuzzReport, options: FuzzSarifOptions = {}): string {
  const report = redactFuzzReport(input);
  const uri = artifactUri({ file: options.sarifLocation, target: report.target, transport: report.transport });
  const hash = lineHashes();
  const ids: PropertyId[] = report.envelope ? PROPERTY_IDS : TOOL_PROPERTIES;
  const rules: ReportingDescriptor[] = ids.map((id) => ({
    id: ruleId(id),
    name: id,
    shortDescription: { text: PROPERTIES[id].title },
    defaultConfiguration: { level: PROPERTIES[id].severity },
  }));
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcpvet', version: report.tool.version, informationUri: 'https://modelcontextprotocol.io', rules } },
        invocations: [{ executionSuccessful: true, startTimeUtc: report.startedAt }],
        properties: {
          target: report.target,
          transport: report.transport,
          era: report.era,
          protocolVersion: report.protocolVersion,
          seed: report.seed,
          runs: report.runs,
          calls: report.calls,
        },
        results: report.failures.map((failure) => toResult(failure, report, ids.indexOf(failure.property), uri, hash)),
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

function toResult(failure: FuzzFailure, report: FuzzReport, ruleIndex: number, uri: string, hash: ReturnType<typeof lineHashes>): Result {
  return {
    ruleId: ruleId(failure.property),
    ruleIndex,
    level: failure.severity,
    message: { text: failure.message },
    locations: [locationAt(uri, logicalLocations(failure, report.target))],
    // GitHub reads only primaryLocationLineHash: from the property and the place, not the input,
    // which a random seed changes; mcpvetFuzz/v1 (with the input) is kept for other readers.
    partialFingerprints: {
      primaryLocationLineHash: hash([ruleId(failure.property), failure.tool ?? null, failure.pointer ?? null]),
      'mcpvetFuzz/v1': fingerprint(failure),
    },
    properties: {
      ...(failure.args !== undefined ? { arguments: failure.args } : {}),
      ...(failure.envelope !== undefined ? { envelope: failure.envelope } : {}),
      ...(failure.mutation !== undefined ? { mutation: failure.mutation } : {}),
      reproduce: failure.reproduce,
      shrinks: failure.shrinks,
      reproduced: failure.reproduced,
      fromRegressionFile: failure.fromRegressionFile,
    },
  };
}

/** The target, then the tool (or the envelope), then the argument's JSON pointer. */
function logicalLocations(failure: FuzzFailure, target: string): LogicalLocation[] {
  const module: LogicalLocation = { name: target, kind: 'module' };
  if (failure.tool === undefined) return [module, { name: 'jsonrpc-envelope', fullyQualifiedName: `${target}#jsonrpc-envelope`, kind: 'member' }];
  const tool: LogicalLocation = { name: failure.tool, fullyQualifiedName: `${target}#${failure.tool}`, kind: 'function' };
  if (!failure.pointer) return [module, tool];
  return [module, tool, { name: failure.pointer, fullyQualifiedName: `${target}#${failure.tool}${failure.pointer}`, kind: 'parameter' }];
}

function fingerprint(failure: FuzzFailure): string {
  return createHash('sha256')
    .update(JSON.stringify([failure.property, failure.tool ?? null, failure.pointer ?? null, failure.args ?? failure.envelope ?? null]))
    .digest('hex')
    .slice(0, 32);
}

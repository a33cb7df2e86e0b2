// SARIF 2.1.0: one run whose driver lists every rule (id, help, default level) and whose
// results name the rule, level, message, and a logical location: the tool and the JSON
// pointer inside it. Code scanning also needs a physical location: `artifactUri` (the saved
// tools.json, or --sarif-location), else one that stands for the linted server (`target`,
// see sarif-location.ts).
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { RULES } from '../../lint/rules.js';
import type { LintFinding, Severity } from '../../lint/types.js';
import { artifactUri, lineHashes, locationAt } from '../sarif-location.js';

const LEVEL: Record<Severity, Result.level> = { error: 'error', warning: 'warning', info: 'note' };

export interface SarifOptions {
  toolVersion?: string;
  /** A repo-relative file every result points at (--sarif-location). */
  file?: string;
  /** The tools file linted (--file), relative to cwd or absolute. */
  localFile?: string;
  /** The live server linted (describeTarget's text and its transport), when no file is named. */
  target?: { target: string; transport: string };
}

export function renderSarif(findings: LintFinding[], options: SarifOptions = {}): string {
  const index = new Map(RULES.map((r, i) => [r.id, i]));
  const driver = {
    name: 'mcpvet',
    ...(options.toolVersion ? { version: options.toolVersion } : {}),
    rules: RULES.map(
      (r): ReportingDescriptor => ({
        id: r.id,
        name: r.id.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')),
        shortDescription: { text: r.title },
        fullDescription: { text: r.description },
        help: { text: `${r.description} Fix: ${r.fix}${r.source ? ` Source: ${r.source}.` : ''}` },
        defaultConfiguration: { level: LEVEL[r.severity] },
        properties: { ...(r.profile ? { profile: r.profile } : {}), ...(r.source ? { source: r.source } : {}) },
      }),
    ),
  };
  const uri = artifactUri({ file: options.file, localFile: options.localFile, ...options.target });
  const hash = lineHashes();
  const results = findings.map(
    (f): Result => ({
      ruleId: f.ruleId,
      ...(index.has(f.ruleId) ? { ruleIndex: index.get(f.ruleId) } : {}),
      level: LEVEL[f.severity],
      message: { text: `${f.tool}: ${f.message} Fix: ${f.fix}` },
      locations: [locationAt(uri, [{ name: f.tool, fullyQualifiedName: `${f.tool}#${f.path}`, kind: 'object' }])],
      partialFingerprints: { primaryLocationLineHash: hash([f.ruleId, f.tool, f.path]) },
      properties: { tool: f.tool, path: f.path, fix: f.fix, ...(f.profile ? { profile: f.profile } : {}) },
    }),
  );
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver }, results }],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

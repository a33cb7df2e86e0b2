/** `mcpvet lint`: lint a live server's tools, or a saved tools/list result. Exit 6 on error-level findings. */
import { readFileSync } from 'node:fs';
import { connect } from '../client/connect.js';
import {
  hasErrors,
  lintToolsListResult,
  renderJson,
  renderMarkdown,
  renderSarif,
  renderTextChunks,
  UnknownProfileError,
  type LintFinding,
  type SarifOptions,
} from '../lint/index.js';
import type { RunReport } from '../check/types.js';
import { lintRunReport, type LintRunContext } from '../lint/to-run-report.js';
import { applyBaseline, exitCodeFor } from '../report/baseline.js';
import { painter } from '../report/ansi.js';
import { baselineLines } from '../report/console.js';
import type { Format } from '../report/formats.js';
import { getReporter } from '../report/types.js';
import { describeTarget } from '../wire/target.js';
import { usageError } from './cli-error.js';
import { readBaselineFlag } from './baseline-flag.js';
import { formatsFlag } from './format-flag.js';
import { ExitCode } from './exit-codes.js';
import { printJson, printText } from './output.js';
import { sarifLocationFlag } from './sarif-location-flag.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface LintFlags extends TargetFlags {
  file?: string;
  sarifLocation?: string;
  profile: string[];
  format: string;
  expectedFailures?: string;
  watch?: string[];
}

export async function runLint(positional: string[], flags: LintFlags, onFindings?: (findings: LintFinding[]) => void): Promise<number> {
  if (flags.watch?.length) return (await import('./watch.js')).watchLint(positional, flags);
  const [format] = formatsFlag('lint', flags.format, { hasOutput: false, multiple: false }) as [Format];
  const expected =
    flags.expectedFailures !== undefined ? await readBaselineFlag(flags.expectedFailures, { id: 'rule id', example: 'schema.input-not-object' }) : undefined;
  sarifLocationFlag(flags.sarifLocation);
  const startedAt = new Date();
  const started = performance.now();
  const { tools, context } = flags.file !== undefined ? readToolsFile(flags.file, positional, flags) : await fetchTools(positional, flags);
  const profiles = flags.profile
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  let findings: LintFinding[];
  try {
    findings = lintToolsListResult(tools, profiles.length > 0 ? { profiles } : {});
  } catch (error) {
    if (error instanceof UnknownProfileError) throw usageError(error.message);
    throw error;
  }
  // The shared result model: JUnit, HTML and the baseline read lint as they read check. Built only
  // for them: a list of 200,000 tools would otherwise hold every finding twice.
  const timing = { startedAt: startedAt.toISOString(), durationMs: Math.round(performance.now() - started) };
  let report: RunReport | undefined;
  if (expected || format === 'junit' || format === 'html') report = lintRunReport(findings, profiles, { ...context, ...timing });
  if (report && expected && flags.expectedFailures) report = applyBaseline(report, expected, flags.expectedFailures);
  if (format === 'console') {
    // In pieces: the report of a huge list is never one string (nor copied whole by the masking).
    for (const chunk of renderTextChunks(findings, tools.length)) printText(chunk);
    const baseline = report ? baselineLines(report, painter(false), false) : [];
    if (baseline.length) printText(`${baseline.join('\n')}\n`);
  } else {
    const output = (await render(findings, report, format, flags, context)).trimEnd() + '\n';
    if (format === 'json' || format === 'sarif') printJson(output);
    else printText(output);
  }
  onFindings?.(findings);
  if (report?.baseline) return exitCodeFor(report) === 0 ? ExitCode.Ok : ExitCode.StrictLint;
  return hasErrors(findings) ? ExitCode.StrictLint : ExitCode.Ok;
}

async function render(
  findings: LintFinding[],
  report: RunReport | undefined,
  format: Format,
  flags: LintFlags,
  context: FetchedTools['context'],
): Promise<string> {
  switch (format) {
    case 'json':
      return renderJson(findings, report?.baseline);
    case 'sarif':
      return renderSarif(findings, sarifOptions(flags, context));
    case 'markdown':
      return renderMarkdown(findings);
    default:
      return (await getReporter(format)).render(report as RunReport, { color: false });
  }
}

/** Results point at --sarif-location, else the saved tools file (repo-relative), else the live server. */
function sarifOptions(flags: LintFlags, context: FetchedTools['context']): SarifOptions {
  if (flags.sarifLocation !== undefined) return { file: flags.sarifLocation };
  if (flags.file !== undefined) return { localFile: flags.file };
  return context.transport !== undefined ? { target: { target: context.target, transport: context.transport } } : {};
}

interface FetchedTools {
  tools: unknown[];
  context: Omit<LintRunContext, 'startedAt' | 'durationMs'>;
}

function readToolsFile(file: string, positional: string[], flags: TargetFlags): FetchedTools {
  if (positional.length > 0 || flags.url || flags.config) throw usageError('--file lints a saved result: give it instead of a server, not with one');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw usageError(`cannot read --file ${file}: ${(error as Error).message}`);
  }
  const tools = toolsOf(parsed);
  if (!tools) throw usageError(`--file ${file} holds neither a tools/list result ({"tools": [...]}, or {"result": {"tools": [...]}}) nor an array of tools`);
  return { tools, context: { target: file } };
}

function toolsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.tools)) return record.tools;
  return record.result !== undefined ? toolsOf(record.result) : undefined;
}

async function fetchTools(positional: string[], flags: TargetFlags): Promise<FetchedTools> {
  const target = await resolveTarget(flags, positional);
  const client = await connect(target, { era: flags.protocolEra, timeoutMs: flags.timeout });
  try {
    const tools = await client.listAll('tools/list');
    const info = client.serverInfo;
    const context = {
      target: describeTarget(target),
      transport: target.transport,
      era: client.era,
      protocolVersion: client.protocolVersion,
      eraReason: client.eraReason,
      ...(info ? { serverInfo: { name: info.name, version: info.version } } : {}),
    };
    return { tools, context };
  } finally {
    await client.close();
  }
}

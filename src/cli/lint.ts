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
} from '../lint/index.js';
import { usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { printJson, printText } from './output.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface LintFlags extends TargetFlags {
  file?: string;
  profile: string[];
  format: 'text' | 'json' | 'sarif' | 'markdown';
  watch?: string[];
}

export async function runLint(positional: string[], flags: LintFlags, onFindings?: (findings: LintFinding[]) => void): Promise<number> {
  if (flags.watch?.length) return (await import('./watch.js')).watchLint(positional, flags);
  const tools = flags.file !== undefined ? readToolsFile(flags.file, positional, flags) : await fetchTools(positional, flags);
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
  if (flags.format === 'text') {
    // In pieces: the report of a huge list is never one string (nor copied whole by the masking).
    for (const chunk of renderTextChunks(findings, tools.length)) printText(chunk);
  } else {
    const output = render(findings, flags).trimEnd() + '\n';
    if (flags.format === 'json' || flags.format === 'sarif') printJson(output);
    else printText(output);
  }
  onFindings?.(findings);
  return hasErrors(findings) ? ExitCode.StrictLint : ExitCode.Ok;
}

function render(findings: LintFinding[], flags: LintFlags): string {
  switch (flags.format) {
    case 'json':
      return renderJson(findings);
    case 'sarif':
      return renderSarif(findings, { artifactUri: flags.file });
    default:
      return renderMarkdown(findings);
  }
}

function readToolsFile(file: string, positional: string[], flags: TargetFlags): unknown[] {
  if (positional.length > 0 || flags.url || flags.config) throw usageError('--file lints a saved result: give it instead of a server, not with one');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw usageError(`cannot read --file ${file}: ${(error as Error).message}`);
  }
  const tools = toolsOf(parsed);
  if (!tools) throw usageError(`--file ${file} holds neither a tools/list result ({"tools": [...]}, or {"result": {"tools": [...]}}) nor an array of tools`);
  return tools;
}

function toolsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.tools)) return record.tools;
  return record.result !== undefined ? toolsOf(record.result) : undefined;
}

async function fetchTools(positional: string[], flags: TargetFlags): Promise<unknown[]> {
  const target = await resolveTarget(flags, positional);
  const client = await connect(target, { era: flags.protocolEra, timeoutMs: flags.timeout });
  try {
    return await client.listAll('tools/list');
  } finally {
    await client.close();
  }
}

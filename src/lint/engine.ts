// The lint engine: runs every check over a list of tools and returns findings, grouped by
// tool in list order. Pure: no I/O, no printing. A tool with an invalid schema is still
// linted and named in the findings (the MCP Inspector drops such tools from its listing).
import { DEFAULT_PROFILES, PROFILES } from './rules.js';
import { FindingSink, type ResolvedOptions, type ToolContext } from './context.js';
import { isPlainObject } from '../wire/json-pointer.js';
import { checkToolFields, typeName } from './checks/tool-fields.js';
import { checkToolName } from './checks/tool-name.js';
import { checkSchemaRoots } from './checks/schema-root.js';
import { checkSchemaStructure } from './checks/schema-structure.js';
import { checkSchemaRefs } from './checks/schema-refs.js';
import { checkSchemaCompiles } from './checks/schema-compile.js';
import { checkParameters } from './checks/parameters.js';
import { checkMcpHeaders } from './checks/mcp-header.js';
import { checkToolSize, estimateTokens } from './checks/size.js';
import { checkDuplicateNames, checkListTotals } from './checks/list.js';
import { checkPortableName } from './profiles/portable.js';
import { checkOpenAiStrict } from './profiles/openai-strict.js';
import { checkAnthropic } from './profiles/anthropic.js';
import { checkGemini } from './profiles/gemini.js';
import { LIST_SCOPE, type LintFinding, type LintOptions } from './types.js';

/** Thrown for a profile name that does not exist; a usage error, not a finding. */
export class UnknownProfileError extends Error {
  constructor(readonly profile: string) {
    super(`unknown lint profile "${profile}" (known: ${PROFILES.join(', ')})`);
    this.name = 'UnknownProfileError';
  }
}

export function resolveOptions(options: LintOptions = {}): ResolvedOptions {
  const profiles = options.profiles ?? DEFAULT_PROFILES;
  for (const p of profiles) if (!PROFILES.includes(p)) throw new UnknownProfileError(p);
  return {
    profiles: new Set(profiles),
    tokenWarnThreshold: options.tokenWarnThreshold ?? 1000,
    totalTokenWarnThreshold: options.totalTokenWarnThreshold ?? 10000,
    descriptionWarnChars: options.descriptionWarnChars ?? 1024,
  };
}

export function lintTools(tools: unknown[], options?: LintOptions): LintFinding[] {
  const sink = new FindingSink(resolveOptions(options));
  const run = lintRun(tools, sink);
  while (!run.next().done);
  return finish(sink);
}

/** Tools linted between two turns of the event loop in `lintToolsSampled`. */
const TOOLS_PER_TURN = 200;

/** The findings of a lint that kept at most `keepPerRule` of each rule, and how many each rule had. */
export interface SampledFindings {
  findings: LintFinding[];
  counts: ReadonlyMap<string, number>;
}

/**
 * lintTools that lets the event loop run between slices of tools (a check run linting 200,000
 * tools must still hear SIGINT, SIGTERM and its own timeouts) and keeps only the first
 * `keepPerRule` findings of each rule.
 */
export async function lintToolsSampled(tools: unknown[], keepPerRule: number, options?: LintOptions): Promise<SampledFindings> {
  const sink = new FindingSink(resolveOptions(options), keepPerRule);
  const run = lintRun(tools, sink);
  for (let count = 1; !run.next().done; count++) if (count % TOOLS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  return { findings: finish(sink), counts: sink.counts };
}

/** The lint of a list into `sink`, one tool per step. */
function* lintRun(tools: unknown[], sink: FindingSink): Generator<void, void> {
  if (!Array.isArray(tools)) {
    sink.reporter(LIST_SCOPE, 0)('list.invalid', '', `Expected an array of tools, got ${typeName(tools)}.`);
    return;
  }
  const labels = labelsOf(tools);
  let totalTokens = 0;
  for (let index = 0; index < tools.length; index++) {
    totalTokens += lintOneTool(tools[index], index, labels[index], sink);
    yield;
  }
  checkDuplicateNames(tools, labels, (i) => sink.reporter(labels[i], i));
  checkListTotals(tools.length, totalTokens, sink.options, sink.reporter(LIST_SCOPE, tools.length));
}

/** A saved tools/list result (`{tools: [...]}`), a JSON-RPC response carrying one, or a bare array. */
export function lintToolsListResult(result: unknown, options?: LintOptions): LintFinding[] {
  if (Array.isArray(result)) return lintTools(result, options);
  const inner = isPlainObject(result) && isPlainObject(result.result) ? result.result : result;
  if (isPlainObject(inner) && Array.isArray(inner.tools)) return lintTools(inner.tools, options);
  const sink = new FindingSink(resolveOptions(options));
  const what = isPlainObject(inner) ? ('tools' in inner ? `\`tools\` is ${typeName(inner.tools)}` : 'the object has no `tools`') : `got ${typeName(result)}`;
  sink.reporter(LIST_SCOPE, 0)('list.invalid', '', `Not a tools/list result: ${what}.`);
  return finish(sink);
}

function lintOneTool(tool: unknown, index: number, label: string, sink: FindingSink): number {
  const report = sink.reporter(label, index);
  if (!isPlainObject(tool)) {
    report('tool.not-object', '', `tools[${index}] is ${typeName(tool)}, not a Tool object.`);
    return estimateTokens(tool);
  }
  const ctx: ToolContext = { tool, label, index, options: sink.options, report };
  checkToolName(ctx);
  checkToolFields(ctx);
  const schemas = checkSchemaRoots(ctx);
  for (const s of schemas) {
    const refProblem = checkSchemaRefs(s, report);
    const { badPattern } = checkSchemaStructure(s, report);
    checkSchemaCompiles(s, report, refProblem || badPattern);
  }
  const input = schemas.find((s) => s.role === 'input');
  if (input) {
    checkParameters(input, report);
    checkMcpHeaders(input, report);
  }
  checkPortableName(ctx);
  checkOpenAiStrict(ctx, input);
  checkAnthropic(ctx);
  checkGemini(ctx, input);
  return checkToolSize(ctx);
}

/** The tool's name; `tools[i]` without one; `name (tools[i])` for a repeated name, so groups stay apart. */
function labelsOf(tools: unknown[]): string[] {
  const seen = new Set<string>();
  return tools.map((tool, i) => {
    if (!isPlainObject(tool) || typeof tool.name !== 'string' || tool.name === '') return `tools[${i}]`;
    const label = seen.has(tool.name) ? `${tool.name} (tools[${i}])` : tool.name;
    seen.add(tool.name);
    return label;
  });
}

function finish(sink: FindingSink): LintFinding[] {
  // Stable: findings of one tool keep the order the checks produced them in.
  return [...sink.findings].sort((a, b) => a.order - b.order).map(({ order: _order, ...f }) => f);
}

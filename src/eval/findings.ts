/**
 * Findings read from the transcripts: patterns across runs that point at a tool's design rather
 * than at one unlucky run. Each needs several runs showing it (a model wanders now and then), so a
 * finding is a pattern, not an anecdote; they are hints for the tool author, never failures.
 */
import { byCombo, groupBy } from './group.js';
import { calledName, callsOf } from './metrics.js';
import type { EvalFinding, RunRecord, ToolCallRecord } from './types.js';

/**
 * One tool called this often in one run is a loop: a model pages through results by hand or
 * retries a search without a filter. Real tasks in the field need 1-3 calls of a tool; 5 leaves
 * room for an honest multi-step task while catching the loop.
 */
export const REPEATED_CALLS_PER_RUN = 5;
/**
 * Shares of runs or calls from which a pattern is a property of the tool, not of one run: one in
 * five. Below that, sampling noise at the usual 5-10 runs per task (one bad run of five is 20 %)
 * would report tools that are fine.
 */
export const REPEATED_RUN_SHARE = 0.2;
export const INVALID_ARGUMENTS_SHARE = 0.2;
export const TOOL_ERROR_SHARE = 0.2;
/** A pattern seen in a single run or call is not reported: two at least. */
export const MIN_OCCURRENCES = 2;
/**
 * A result this large (about 6 000 tokens at 4 bytes per token) takes a noticeable share of a
 * small model's context in one call, and a few of them crowd out the task itself.
 */
export const LARGE_RESULT_BYTES = 25_000;

export interface FindingsInput {
  runs: readonly RunRecord[];
  /** The tools the models were offered. */
  tools: readonly { name: string }[];
  notConverted: readonly { tool: string; reason: string }[];
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

function repeatedCalls(model: string, seenAs: string, runs: readonly RunRecord[]): EvalFinding[] {
  const findings: EvalFinding[] = [];
  const perRun = runs.map((run) => groupBy(callsOf(run), calledName));
  const tools = new Set(perRun.flatMap((counts) => [...counts.keys()]));
  for (const tool of tools) {
    const using = perRun.filter((counts) => counts.has(tool));
    const looping = using.filter((counts) => counts.get(tool)!.length >= REPEATED_CALLS_PER_RUN);
    if (looping.length < MIN_OCCURRENCES || looping.length / using.length < REPEATED_RUN_SHARE) continue;
    const most = Math.max(...looping.map((counts) => counts.get(tool)!.length));
    findings.push({
      code: 'repeated-calls',
      tool,
      model,
      message: `${model}${seenAs} called ${tool} ${REPEATED_CALLS_PER_RUN} times or more in ${looping.length} of the ${using.length} runs that used it (up to ${most} times in one run): it may lack pagination, filters or a way to ask for everything at once`,
    });
  }
  return findings;
}

/** Calls of one tool where `bad` holds often enough (and at least twice) to be the tool's doing. */
function frequent(calls: readonly ToolCallRecord[], bad: (call: ToolCallRecord) => boolean, share: number): Array<{ tool: string; bad: number; of: number }> {
  const found: Array<{ tool: string; bad: number; of: number }> = [];
  for (const [tool, list] of groupBy(calls, calledName)) {
    const count = list.filter(bad).length;
    if (count >= MIN_OCCURRENCES && count / list.length >= share) found.push({ tool, bad: count, of: list.length });
  }
  return found;
}

function perModel(runs: readonly RunRecord[]): EvalFinding[] {
  const findings: EvalFinding[] = [];
  for (const group of byCombo(runs)) {
    const seenAs = group.variant !== undefined ? ` (variant ${group.variant})` : '';
    findings.push(...repeatedCalls(group.model, seenAs, group.entries));
    const calls = group.entries.flatMap(callsOf);
    for (const { tool, bad, of } of frequent(calls, (call) => call.invalidArguments, INVALID_ARGUMENTS_SHARE))
      findings.push({
        code: 'invalid-arguments',
        tool,
        model: group.model,
        message: `${group.model}${seenAs} gave ${tool} invalid arguments in ${bad} of ${of} calls (${percent(bad / of)}): its description or parameter names may not say clearly what to pass`,
      });
    // Errors after invalid arguments are already explained by them: count the calls the model got right.
    const wellFormed = calls.filter((call) => !call.invalidArguments);
    for (const { tool, bad, of } of frequent(wellFormed, (call) => call.isError, TOOL_ERROR_SHARE))
      findings.push({
        code: 'tool-errors',
        tool,
        model: group.model,
        message: `${tool} failed in ${bad} of ${of} calls with valid arguments from ${group.model}${seenAs} (${percent(bad / of)}): see the transcripts for the errors`,
      });
  }
  return findings;
}

export function transcriptFindings(input: FindingsInput): EvalFinding[] {
  const findings: EvalFinding[] = input.notConverted.map(({ tool, reason }) => ({
    code: 'tool-not-converted',
    tool,
    message: `${tool} could not be offered to the model: ${reason}`,
  }));
  findings.push(...perModel(input.runs));
  const calls = input.runs.flatMap(callsOf);
  const largest = new Map<string, number>();
  for (const call of calls)
    if (call.resultBytes > LARGE_RESULT_BYTES) largest.set(calledName(call), Math.max(largest.get(calledName(call)) ?? 0, call.resultBytes));
  for (const [tool, bytes] of largest)
    findings.push({
      code: 'large-result',
      tool,
      message: `${tool} returned up to ${bytes} bytes in one result (about ${Math.round(bytes / 4)} tokens): results this large crowd the model's context; return less, or page`,
    });
  if (input.runs.length > 0) {
    const used = new Set(calls.map(calledName));
    const skipped = new Set(input.notConverted.map((entry) => entry.tool));
    for (const { name } of input.tools)
      if (!used.has(name) && !skipped.has(name))
        findings.push({
          code: 'tool-never-used',
          tool: name,
          message: `${name} was never called in ${input.runs.length} runs: no task needs it, or its name and description do not tell a model when to use it`,
        });
  }
  return findings;
}

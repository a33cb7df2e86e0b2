/**
 * Judging one run against its task's deterministic conditions: the answer, the expected tool
 * calls (names and arguments, in order or not), forbidden tools, the most calls, and values in
 * tool results. The judge model's rubric is not judged here (see judge-model.ts): the runner adds
 * its verdict. Every reason is one line that says what was expected and what happened.
 */
import { isDeepStrictEqual } from 'node:util';
import { argumentsMismatch } from './arguments-matcher.js';
import { excerpt, valueExcerpt } from './excerpt.js';
import { evaluateJsonPath, parseJsonPath } from './json-path.js';
import { resultValues } from './result-values.js';
import { textMismatch } from './text-matcher.js';
import type { EvalTask, ExpectedToolCall, RunRecord, ToolCallRecord, ToolResultExpectation } from './types.js';

export type JudgedRun = Pick<RunRecord, 'answer' | 'turns' | 'error'>;

/** Why the run fails the task, one line each; empty when every deterministic condition holds. */
export function judgeRun(task: EvalTask, run: JudgedRun): string[] {
  if (run.error !== undefined) return [run.error];
  const { expect } = task;
  const calls = run.turns.flatMap((turn) => turn.toolCalls);
  const reasons: string[] = [];
  if (expect.answer) {
    const mismatch = textMismatch(expect.answer, run.answer);
    if (mismatch) reasons.push(`answer: ${mismatch} (${run.answer.trim() === '' ? 'the run gave no answer' : `answer: ${excerpt(run.answer)}`})`);
  }
  if (expect.toolCalls) reasons.push(...(expect.ordered ? orderedCallReasons(expect.toolCalls, calls) : unorderedCallReasons(expect.toolCalls, calls)));
  for (const tool of expect.forbiddenTools ?? []) {
    const count = calls.filter((call) => call.name === tool).length;
    if (count > 0) reasons.push(`forbiddenTools: ${tool} was called (${times(count)})`);
  }
  if (expect.maxCalls !== undefined && calls.length > expect.maxCalls)
    reasons.push(`maxCalls: ${calls.length} tool call(s) were made, at most ${expect.maxCalls} allowed (${callList(calls)})`);
  expect.toolResult?.forEach((check, index) => {
    const reason = toolResultReason(check, calls);
    if (reason) reasons.push(`toolResult[${index}]: ${reason}`);
  });
  return reasons;
}

const matches = (expected: ExpectedToolCall, call: ToolCallRecord) =>
  call.name === expected.name && (expected.arguments === undefined || argumentsMismatch(expected.arguments, call.arguments) === undefined);

/** Each expected call must be matched by a distinct actual call (a maximum bipartite matching). */
function unorderedCallReasons(expected: ExpectedToolCall[], calls: ToolCallRecord[]): string[] {
  const candidates = expected.map((wanted) => calls.flatMap((call, index) => (matches(wanted, call) ? [index] : [])));
  const owner = new Map<number, number>(); // actual call index -> expected index
  const assign = (wanted: number, seen: Set<number>): boolean => {
    for (const call of candidates[wanted] as number[]) {
      if (seen.has(call)) continue;
      seen.add(call);
      const holder = owner.get(call);
      if (holder === undefined || assign(holder, seen)) {
        owner.set(call, wanted);
        return true;
      }
    }
    return false;
  };
  const matched = new Set<number>();
  expected.forEach((_, wanted) => {
    if (assign(wanted, new Set())) matched.add(wanted);
  });
  return expected.flatMap((wanted, index) => {
    if (matched.has(index)) return [];
    const own = candidates[index] as number[];
    if (own.length > 0) {
      const numbers = own.map((call) => `#${call + 1}`).join(', ');
      return [
        `toolCalls[${index}]: the ${wanted.name} call(s) that match it (${numbers}) are all matched to other expected calls; each expected call needs a call of its own`,
      ];
    }
    return [`toolCalls[${index}]: ${missingCallReason(wanted, calls)}`];
  });
}

/** The expected calls appear as a subsequence of the calls made (others may come between). */
function orderedCallReasons(expected: ExpectedToolCall[], calls: ToolCallRecord[]): string[] {
  const reasons: string[] = [];
  let next = 0; // the first call not yet used
  expected.forEach((wanted, index) => {
    const found = calls.findIndex((call, position) => position >= next && matches(wanted, call));
    if (found >= 0) {
      next = found + 1;
      return;
    }
    const anywhere = calls.some((call) => matches(wanted, call));
    reasons.push(
      anywhere
        ? `toolCalls[${index}]: ${wanted.name} was called, but not after the calls matched before it (ordered: true; order of calls: ${callList(calls)})`
        : `toolCalls[${index}]: ${missingCallReason(wanted, calls)}`,
    );
  });
  return reasons;
}

/** No call matches `wanted` at all: not called, or called with other arguments. */
function missingCallReason(wanted: ExpectedToolCall, calls: ToolCallRecord[]): string {
  const sameName = calls.filter((call) => call.name === wanted.name);
  if (sameName.length === 0) return `${wanted.name} was not called (${calls.length === 0 ? 'no tool was called' : `calls made: ${callList(calls)}`})`;
  const first = argumentsMismatch(wanted.arguments ?? {}, sameName[0]?.arguments) ?? '';
  return `${wanted.name} was called ${times(sameName.length)}, never with matching arguments (${sameName.length > 1 ? 'first call: ' : ''}${first})`;
}

function toolResultReason(check: ToolResultExpectation, calls: ToolCallRecord[]): string | undefined {
  const parsed = parseJsonPath(check.path);
  if (!parsed.ok) return `the path ${check.path} is not usable: ${parsed.error}`;
  const source = check.tool ?? 'any tool';
  const results = calls.filter((call) => (check.tool === undefined || call.name === check.tool) && call.result !== undefined);
  if (results.length === 0)
    return `no result of ${source} to look in (${check.tool !== undefined && calls.some((call) => call.name === check.tool) ? 'every call failed' : 'it was not called'})`;
  const found = results.flatMap((call) => resultValues(call.result)).flatMap((value) => evaluateJsonPath(parsed.steps, value));
  if (found.length === 0) return `${check.path} found nothing in ${results.length} result(s) of ${source}`;
  const others = found.length > 1 ? ` (and ${found.length - 1} other value(s))` : '';
  if (Object.hasOwn(check, 'equals') && !found.some((value) => isDeepStrictEqual(value, check.equals)))
    return `${check.path} is ${valueExcerpt(found[0])}${others}, expected ${valueExcerpt(check.equals)}`;
  if (check.matches) {
    const matcher = check.matches;
    const texts = found.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')));
    const mismatch = texts.map((text) => textMismatch(matcher, text));
    if (mismatch.every((reason) => reason !== undefined)) return `${check.path} ${mismatch[0]} (found ${valueExcerpt(found[0])}${others})`;
  }
  return undefined;
}

function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`;
}

const MAX_LISTED = 10;

/** The calls in order, by tool name (a name the model made up is quoted as it was called). */
function callList(calls: ToolCallRecord[]): string {
  const names = calls.slice(0, MAX_LISTED).map((call) => (call.name !== '' ? call.name : `unknown tool ${excerpt(call.calledAs, 40)}`));
  return names.join(', ') + (calls.length > MAX_LISTED ? `, … (${calls.length} in all)` : '');
}

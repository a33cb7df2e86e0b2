/**
 * The script of the scripted model: which tool calls and answers it gives, per conversation. A
 * YAML (or JSON) file, validated with one clear error per mistake, naming the bad field's path:
 *
 *   rules:
 *     - match: { contains: "weather in Boston" }      # or { regex: "...", flags: "i" }
 *       replies:                                       # one per model turn
 *         - tool: get_weather
 *           arguments: { city: Boston }
 *         - answer: "It is {{lastToolResult}} in Boston."
 *     - match: { contains: "flaky task" }
 *       outcomes:                                      # successive conversations: 0, 1, 2, ... cyclically
 *         - [ { tool: list_notes, arguments: {} }, { answer: done } ]
 *         - [ { answer: "I don't know" } ]
 *   fallback: lexical                                  # or { answer: "..." }
 */
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { isObject } from '../../protocol/jsonrpc.js';

/** Matched against the text of the conversation's first user message (`contains` ignores case). */
export type ScriptMatch = { contains: string } | { regex: string; flags?: string };

export interface ScriptToolCall {
  tool: string;
  arguments?: Record<string, unknown>;
}

/** One model turn: one tool call, several in one turn, or an answer (`{{lastToolResult}}` is replaced). */
export type ScriptReply = ScriptToolCall | { tools: ScriptToolCall[] } | { answer: string };

export type ScriptRule = { match: ScriptMatch; replies: ScriptReply[] } | { match: ScriptMatch; outcomes: ScriptReply[][] };

export interface ScriptedModelScript {
  rules?: ScriptRule[];
  /** When no rule matches: the lexical policy, or a fixed answer (default: "I cannot help with that."). */
  fallback?: 'lexical' | { answer: string };
}

/** A reply ready to give: tool calls (arguments always an object) or an answer template. */
export type CompiledReply = { type: 'tools'; calls: Array<{ tool: string; arguments: Record<string, unknown> }> } | { type: 'answer'; answer: string };

export interface CompiledRule {
  test(text: string): boolean;
  /** A rule with `replies` has one outcome. */
  outcomes: CompiledReply[][];
}

export interface CompiledScript {
  rules: CompiledRule[];
  fallback: 'lexical' | { answer: string };
}

export const DEFAULT_ANSWER = 'I cannot help with that.';

const PLACEHOLDERS = new Set(['lastToolResult']);

export class ScriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScriptError';
  }
}

export async function loadScript(file: string): Promise<ScriptedModelScript> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ScriptError(`cannot read --script ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return parseScript(text, file);
}

/** Parses and validates YAML or JSON text (`source` names it in errors). */
export function parseScript(text: string, source = 'script'): ScriptedModelScript {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    // One line: the YAML parser adds a code frame of the file.
    throw new ScriptError(`${source}: not YAML: ${(error as Error).message.split('\n')[0]?.replace(/:\s*$/, '')}`);
  }
  compileScript(document, source);
  return document as ScriptedModelScript;
}

/** Validates a script given as a value (a parsed file, or an object written in code) and makes it ready to use. */
export function compileScript(document: unknown, source = 'script'): CompiledScript {
  const fail = (path: string, why: string): never => {
    throw new ScriptError(`${source}: ${path ? `${path}: ` : ''}${why}`);
  };
  if (!isObject(document)) return fail('', 'a script is a mapping with "rules" and/or "fallback"');
  onlyKeys(document, ['rules', 'fallback'], '', fail);
  const rules = document.rules ?? [];
  if (!Array.isArray(rules)) return fail('rules', 'must be a list of rules');
  return {
    rules: rules.map((rule, index) => compileRule(rule, `rules[${index}]`, fail)),
    fallback: compileFallback(document.fallback, fail),
  };
}

type Fail = (path: string, why: string) => never;

function compileRule(rule: unknown, path: string, fail: Fail): CompiledRule {
  if (!isObject(rule)) return fail(path, 'a rule is a mapping with "match" and "replies" or "outcomes"');
  onlyKeys(rule, ['match', 'replies', 'outcomes'], path, fail);
  const test = compileMatch(rule.match, `${path}.match`, fail);
  if (rule.replies !== undefined && rule.outcomes !== undefined) return fail(path, 'give "replies" or "outcomes", not both');
  if (rule.replies !== undefined) return { test, outcomes: [compileReplies(rule.replies, `${path}.replies`, fail)] };
  if (rule.outcomes === undefined) return fail(path, 'needs "replies" (one per model turn) or "outcomes" (a list of reply lists)');
  if (!Array.isArray(rule.outcomes) || rule.outcomes.length === 0) return fail(`${path}.outcomes`, 'must be a non-empty list of reply lists');
  return { test, outcomes: rule.outcomes.map((replies, index) => compileReplies(replies, `${path}.outcomes[${index}]`, fail)) };
}

function compileMatch(match: unknown, path: string, fail: Fail): (text: string) => boolean {
  if (!isObject(match)) return fail(path, 'needs { contains: "text" } or { regex: "pattern", flags: "i" }');
  if ('contains' in match) {
    onlyKeys(match, ['contains'], path, fail);
    if (typeof match.contains !== 'string' || match.contains === '') return fail(`${path}.contains`, 'must be a non-empty string');
    const needle = match.contains.toLowerCase();
    return (text) => text.toLowerCase().includes(needle);
  }
  if ('regex' in match) {
    onlyKeys(match, ['regex', 'flags'], path, fail);
    if (typeof match.regex !== 'string' || match.regex === '') return fail(`${path}.regex`, 'must be a non-empty string');
    if (match.flags !== undefined && (typeof match.flags !== 'string' || !/^[imsu]*$/.test(match.flags)))
      return fail(`${path}.flags`, 'must be a string of the flags i, m, s, u');
    let regex: RegExp;
    try {
      regex = new RegExp(match.regex, match.flags as string | undefined);
    } catch (error) {
      return fail(`${path}.regex`, `not a regular expression: ${(error as Error).message}`);
    }
    return (text) => regex.test(text);
  }
  return fail(path, 'needs { contains: "text" } or { regex: "pattern", flags: "i" }');
}

function compileReplies(replies: unknown, path: string, fail: Fail): CompiledReply[] {
  if (!Array.isArray(replies) || replies.length === 0) return fail(path, 'must be a non-empty list of replies (tool, tools or answer)');
  return replies.map((reply, index) => compileReply(reply, `${path}[${index}]`, fail));
}

function compileReply(reply: unknown, path: string, fail: Fail): CompiledReply {
  if (!isObject(reply)) return fail(path, 'a reply is { tool, arguments }, { tools: [...] } or { answer: "..." }');
  if ('answer' in reply) {
    onlyKeys(reply, ['answer'], path, fail);
    return { type: 'answer', answer: compileAnswer(reply.answer, `${path}.answer`, fail) };
  }
  if ('tools' in reply) {
    onlyKeys(reply, ['tools'], path, fail);
    if (!Array.isArray(reply.tools) || reply.tools.length === 0) return fail(`${path}.tools`, 'must be a non-empty list of { tool, arguments }');
    return { type: 'tools', calls: reply.tools.map((call, index) => compileCall(call, `${path}.tools[${index}]`, fail)) };
  }
  if ('tool' in reply) return { type: 'tools', calls: [compileCall(reply, path, fail)] };
  return fail(path, `a reply is { tool, arguments }, { tools: [...] } or { answer: "..." }, not { ${Object.keys(reply).join(', ')} }`);
}

function compileCall(call: unknown, path: string, fail: Fail): { tool: string; arguments: Record<string, unknown> } {
  if (!isObject(call)) return fail(path, 'a tool call is { tool: NAME, arguments: { ... } }');
  onlyKeys(call, ['tool', 'arguments'], path, fail);
  if (typeof call.tool !== 'string' || call.tool === '') return fail(`${path}.tool`, 'must be a non-empty tool name');
  // `arguments:` with nothing after it is YAML null: no arguments.
  if (call.arguments !== undefined && call.arguments !== null && !isObject(call.arguments))
    return fail(`${path}.arguments`, 'must be a mapping of argument names to values');
  return { tool: call.tool, arguments: (call.arguments ?? {}) as Record<string, unknown> };
}

function compileAnswer(answer: unknown, path: string, fail: Fail): string {
  // `answer: 42` is a YAML number; the model says it as text.
  if (typeof answer === 'number' || typeof answer === 'boolean') return String(answer);
  if (typeof answer !== 'string') return fail(path, 'must be a string');
  for (const [, name] of answer.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
    if (!PLACEHOLDERS.has(name as string)) return fail(path, `unknown placeholder {{${name}}} (the only one is {{lastToolResult}})`);
  }
  return answer;
}

function compileFallback(fallback: unknown, fail: Fail): 'lexical' | { answer: string } {
  if (fallback === undefined || fallback === null) return { answer: DEFAULT_ANSWER };
  if (fallback === 'lexical') return 'lexical';
  if (isObject(fallback) && 'answer' in fallback) {
    onlyKeys(fallback, ['answer'], 'fallback', fail);
    return { answer: compileAnswer(fallback.answer, 'fallback.answer', fail) };
  }
  return fail('fallback', 'must be "lexical" or { answer: "..." }');
}

function onlyKeys(value: Record<string, unknown>, allowed: string[], path: string, fail: Fail): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) fail(path ? `${path}.${key}` : key, `unknown field (expected ${allowed.join(', ')})`);
  }
}

/** Replaces the placeholders of an answer. */
export function fillAnswer(answer: string, lastToolResult: string | undefined): string {
  return answer.replace(/\{\{\s*lastToolResult\s*\}\}/g, () => lastToolResult ?? '');
}

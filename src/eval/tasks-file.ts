/**
 * The tasks file of `mcpvet eval`: YAML (JSON is YAML too) read into an EvalSuite. Every mistake
 * is reported, each once, at its line and field path; unknown keys are mistakes (a typo such as
 * `forbidenTools` must not silently judge nothing); regular expressions, JSON paths and JSON
 * Schemas are compiled here, so a run never starts with a condition that cannot be checked.
 */
import { compileSchema } from '../protocol/json-schema.js';
import type {
  ArgumentsMatcher,
  EvalSettings,
  EvalSuite,
  EvalTask,
  Expectation,
  ExpectedToolCall,
  JudgeExpectation,
  TextMatcher,
  ToolResultExpectation,
} from './types.js';
import { parseDuration } from './duration.js';
import { EvalFileError, FieldReader, type Fields, readFileText } from './file-fields.js';
import { parseJsonPath } from './json-path.js';
import { compileRegex, validFlags } from './text-regex.js';
import type { FieldPath } from './yaml-lines.js';

export class TasksFileError extends EvalFileError {
  constructor(lines: string[]) {
    super(lines);
    this.name = 'TasksFileError';
  }
}

export const DEFAULT_SETTINGS: Readonly<EvalSettings> = {
  models: [],
  runs: 5,
  maxTurns: 10,
  timeoutMs: 60_000,
  toolTimeoutMs: 30_000,
  concurrency: 4,
  threshold: 0.8,
  k: 3,
};

export const TASK_ID = /^[A-Za-z0-9._-]+$/;
/** `provider:name`, e.g. `openai:gpt-4.1-mini`, `openai-compatible:qwen3:8b`. */
const MODEL_SPEC = /^[A-Za-z][\w.-]*:\S/;
const MAX_RUNS = 10_000;
const MAX_TURNS = 1000;
const MAX_CONCURRENCY = 256;
const MAX_TOKENS = 1_000_000_000;

const ROOT_KEYS = ['settings', 'tasks'];
const SETTINGS_KEYS = [
  'models',
  'runs',
  'maxTurns',
  'timeout',
  'toolTimeout',
  'tokenBudget',
  'concurrency',
  'systemPrompt',
  'threshold',
  'k',
  'judgeModel',
  'temperature',
];
const TASK_KEYS = ['id', 'prompt', 'tags', 'holdout', 'runs', 'maxTurns', 'expect'];
const EXPECT_KEYS = ['answer', 'toolCalls', 'ordered', 'forbiddenTools', 'maxCalls', 'toolResult', 'judge'];
const CONDITIONS = ['answer', 'toolCalls', 'toolResult', 'forbiddenTools', 'maxCalls', 'judge'];
const TEXT_MATCHER_KEYS = ['exact', 'regex', 'flags', 'contains'];
const TOOL_CALL_KEYS = ['name', 'arguments'];
const ARGUMENTS_KEYS = ['exact', 'subset', 'regex', 'schema'];
const TOOL_RESULT_KEYS = ['tool', 'path', 'equals', 'matches'];
const JUDGE_KEYS = ['rubric', 'model'];

export function loadTasksFile(path: string): EvalSuite {
  return parseTasksFile(
    readFileText(path, (lines) => new TasksFileError(lines)),
    path,
  );
}

/** The suite, or a TasksFileError listing every mistake (`source:line: field.path: what is wrong`). */
export function parseTasksFile(text: string, source = 'tasks file'): EvalSuite {
  const { reader, value } = FieldReader.parse(text, source);
  if (reader.failed) throw new TasksFileError(reader.lines());
  if (value === undefined || value === null) throw new TasksFileError([`${source}:1: the file is empty: it needs a list of tasks (tasks: - id: …)`]);
  if (Array.isArray(value)) throw new TasksFileError([`${source}:1: the file is a list: put it under tasks: (tasks: - id: …)`]);
  const root = reader.object(value, [], ROOT_KEYS);
  const settings = root?.settings === undefined || root.settings === null ? { ...DEFAULT_SETTINGS } : readSettings(reader, root.settings);
  const tasks = root ? readTasks(reader, reader.required(root, 'tasks', [])) : [];
  if (reader.failed) throw new TasksFileError(reader.lines());
  return { settings, tasks };
}

function readSettings(reader: FieldReader, value: unknown): EvalSettings {
  const path = ['settings'];
  const settings: EvalSettings = { ...DEFAULT_SETTINGS };
  const fields = reader.object(value, path, SETTINGS_KEYS);
  if (!fields) return settings;
  const at = (key: string): FieldPath => [...path, key];
  if (fields.models !== undefined) {
    const models = reader.list(fields.models, at('models'), { nonEmpty: 'must name at least one model (or leave models out and give --model)' });
    settings.models = (models ?? []).map((model, index) => readModel(reader, model, [...at('models'), index])).filter((model) => model !== undefined);
  }
  assign(settings, 'runs', fields.runs, (v) => reader.integer(v, at('runs'), 1, MAX_RUNS));
  assign(settings, 'maxTurns', fields.maxTurns, (v) => reader.integer(v, at('maxTurns'), 1, MAX_TURNS));
  assign(settings, 'timeoutMs', fields.timeout, (v) => readDuration(reader, v, at('timeout')));
  assign(settings, 'toolTimeoutMs', fields.toolTimeout, (v) => readDuration(reader, v, at('toolTimeout')));
  assign(settings, 'tokenBudget', fields.tokenBudget, (v) => reader.integer(v, at('tokenBudget'), 1, MAX_TOKENS));
  assign(settings, 'concurrency', fields.concurrency, (v) => reader.integer(v, at('concurrency'), 1, MAX_CONCURRENCY));
  assign(settings, 'systemPrompt', fields.systemPrompt, (v) => reader.string(v, at('systemPrompt')));
  assign(settings, 'threshold', fields.threshold, (v) => reader.number(v, at('threshold'), 0, 1));
  assign(settings, 'k', fields.k, (v) => reader.integer(v, at('k'), 1, MAX_RUNS));
  assign(settings, 'judgeModel', fields.judgeModel, (v) => readModel(reader, v, at('judgeModel')));
  assign(settings, 'temperature', fields.temperature, (v) => reader.number(v, at('temperature'), 0, 2));
  return settings;
}

/** Sets `target[key]` when the field is given and valid. */
function assign<T extends object, K extends keyof T>(target: T, key: K, value: unknown, read: (value: unknown) => T[K] | undefined): void {
  if (value === undefined) return;
  const given = read(value);
  if (given !== undefined) target[key] = given;
}

function readDuration(reader: FieldReader, value: unknown, path: FieldPath): number | undefined {
  const ms = parseDuration(value);
  if (ms === undefined)
    reader.report(path, `must be a duration such as 500ms, 30s or 2m (or a number of milliseconds), from 1 ms to 24 days, not ${JSON.stringify(value)}`);
  return ms;
}

function readModel(reader: FieldReader, value: unknown, path: FieldPath): string | undefined {
  const model = reader.string(value, path);
  if (model === undefined) return undefined;
  if (!MODEL_SPEC.test(model)) {
    reader.report(
      path,
      `a model is provider:name (e.g. openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5, openai-compatible:NAME), not ${JSON.stringify(model)}`,
    );
    return undefined;
  }
  return model;
}

function readTasks(reader: FieldReader, value: unknown): EvalTask[] {
  if (value === undefined) return [];
  const items = reader.list(value, ['tasks'], { nonEmpty: 'must hold at least one task' });
  if (!items) return [];
  const tasks: EvalTask[] = [];
  const idIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const task = readTask(reader, item, ['tasks', index]);
    if (task) tasks.push(task);
    // Checked on the raw id, so that a duplicate is reported even in a task with other mistakes.
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || !TASK_ID.test(id)) return;
    const first = idIndex.get(id);
    if (first !== undefined)
      reader.report(['tasks', index, 'id'], `"${id}" is already the id of tasks[${first}] (line ${reader.lineOf(['tasks', first, 'id'])}); ids must be unique`);
    else idIndex.set(id, index);
  });
  return tasks;
}

function readTask(reader: FieldReader, value: unknown, path: FieldPath): EvalTask | undefined {
  const fields = reader.object(value, path, TASK_KEYS);
  if (!fields) return undefined;
  const at = (key: string): FieldPath => [...path, key];
  const idValue = reader.required(fields, 'id', path);
  let id = idValue === undefined ? undefined : reader.string(idValue, at('id'));
  if (id !== undefined && !TASK_ID.test(id)) {
    reader.report(at('id'), `may hold only letters, digits, ".", "_" and "-", not ${JSON.stringify(id)}`);
    id = undefined;
  }
  const promptValue = reader.required(fields, 'prompt', path);
  const prompt = promptValue === undefined ? undefined : reader.string(promptValue, at('prompt'));
  const tags = fields.tags === undefined ? [] : reader.stringList(fields.tags, at('tags'));
  const holdout = fields.holdout === undefined ? false : reader.boolean(fields.holdout, at('holdout'));
  const runs = fields.runs === undefined ? undefined : reader.integer(fields.runs, at('runs'), 1, MAX_RUNS);
  const maxTurns = fields.maxTurns === undefined ? undefined : reader.integer(fields.maxTurns, at('maxTurns'), 1, MAX_TURNS);
  const expectValue = reader.required(fields, 'expect', path);
  const expect = expectValue === undefined ? undefined : readExpectation(reader, expectValue, at('expect'));
  if (id === undefined || prompt === undefined || tags === undefined || holdout === undefined || expect === undefined) return undefined;
  const task: EvalTask = { id, prompt, tags, holdout, expect };
  if (runs !== undefined) task.runs = runs;
  if (maxTurns !== undefined) task.maxTurns = maxTurns;
  return task;
}

function readExpectation(reader: FieldReader, value: unknown, path: FieldPath): Expectation | undefined {
  const fields = reader.object(value, path, EXPECT_KEYS);
  if (!fields) return undefined;
  const at = (key: string): FieldPath => [...path, key];
  const expect: Expectation = {};
  // Only unknown keys (a typo) are reported as such, not again as "no condition".
  if (!Object.keys(fields).some((key) => !EXPECT_KEYS.includes(key)) && !CONDITIONS.some((key) => fields[key] !== undefined))
    reader.report(path, `give at least one condition: ${CONDITIONS.join(', ')}`);
  assign(expect, 'answer', fields.answer, (v) => readTextMatcher(reader, v, at('answer')));
  assign(expect, 'toolCalls', fields.toolCalls, (v) => readToolCalls(reader, v, at('toolCalls')));
  assign(expect, 'ordered', fields.ordered, (v) => reader.boolean(v, at('ordered')));
  assign(expect, 'forbiddenTools', fields.forbiddenTools, (v) => reader.stringList(v, at('forbiddenTools')));
  assign(expect, 'maxCalls', fields.maxCalls, (v) => reader.integer(v, at('maxCalls'), 0, MAX_TURNS * 100));
  assign(expect, 'toolResult', fields.toolResult, (v) => readToolResults(reader, v, at('toolResult')));
  assign(expect, 'judge', fields.judge, (v) => readJudge(reader, v, at('judge')));
  checkConsistency(reader, expect, fields, path);
  return reader.failed ? undefined : expect;
}

/** Conditions that contradict each other: the task could never pass. */
function checkConsistency(reader: FieldReader, expect: Expectation, fields: Fields, path: FieldPath): void {
  if (fields.ordered !== undefined && fields.toolCalls === undefined) reader.report([...path, 'ordered'], 'applies to toolCalls, and there are none');
  const expected = new Set((expect.toolCalls ?? []).map((call) => call.name));
  const resultTools = new Set((expect.toolResult ?? []).map((check) => check.tool).filter((tool) => tool !== undefined));
  expect.forbiddenTools?.forEach((tool, index) => {
    if (expected.has(tool)) reader.report([...path, 'forbiddenTools', index], `${tool} is also an expected tool call: this task could never pass`);
    else if (resultTools.has(tool)) reader.report([...path, 'forbiddenTools', index], `${tool} is also named by toolResult: this task could never pass`);
  });
  const calls = expect.toolCalls?.length ?? 0;
  if (expect.maxCalls !== undefined && expect.maxCalls < calls)
    reader.report([...path, 'maxCalls'], `is ${expect.maxCalls}, but toolCalls expects ${calls} call(s): this task could never pass`);
}

function readTextMatcher(reader: FieldReader, value: unknown, path: FieldPath): TextMatcher | undefined {
  const fields = reader.object(value, path, TEXT_MATCHER_KEYS);
  if (!fields) return undefined;
  const at = (key: string): FieldPath => [...path, key];
  const given = ['exact', 'regex', 'contains'].filter((key) => fields[key] !== undefined);
  if (given.length !== 1) {
    reader.report(path, given.length === 0 ? 'give one of exact, regex or contains' : `give only one of exact, regex or contains, not ${given.join(' and ')}`);
    return undefined;
  }
  if (fields.flags !== undefined && fields.regex === undefined) reader.report(at('flags'), 'applies to regex only');
  if (fields.exact !== undefined) {
    const exact = reader.string(fields.exact, at('exact'));
    return exact === undefined ? undefined : { exact };
  }
  if (fields.regex !== undefined) {
    const regex = reader.string(fields.regex, at('regex'));
    const flags = fields.flags === undefined ? undefined : reader.string(fields.flags, at('flags'));
    const flagsOk = flags === undefined ? fields.flags === undefined : validFlags(flags);
    if (flags !== undefined && !flagsOk)
      reader.report(at('flags'), `may hold i (ignore case) and m (^ and $ at line ends), each once, not ${JSON.stringify(flags)}`);
    if (regex === undefined) return undefined;
    const compiled = compileRegex(regex, flagsOk ? flags : undefined);
    if (!compiled.ok) reader.report(at('regex'), `not a usable regular expression: ${compiled.error}`);
    if (!compiled.ok || !flagsOk) return undefined;
    return flags === undefined ? { regex } : { regex, flags };
  }
  const contains =
    typeof fields.contains === 'string' ? reader.string(fields.contains, at('contains')) : readNonEmptyStrings(reader, fields.contains, at('contains'));
  return contains === undefined ? undefined : { contains };
}

function readNonEmptyStrings(reader: FieldReader, value: unknown, path: FieldPath): string[] | undefined {
  if (!Array.isArray(value)) {
    reader.report(path, 'must be a string or a list of strings');
    return undefined;
  }
  if (value.length === 0) {
    reader.report(path, 'must hold at least one string');
    return undefined;
  }
  return reader.stringList(value, path);
}

function readToolCalls(reader: FieldReader, value: unknown, path: FieldPath): ExpectedToolCall[] | undefined {
  const items = reader.list(value, path, { nonEmpty: 'must hold at least one expected call (to allow no calls at all, use maxCalls: 0)' });
  if (!items || items.length === 0) return undefined;
  const calls = items.map((item, index) => readToolCall(reader, item, [...path, index]));
  return calls.every((call) => call !== undefined) ? (calls as ExpectedToolCall[]) : undefined;
}

function readToolCall(reader: FieldReader, value: unknown, path: FieldPath): ExpectedToolCall | undefined {
  if (typeof value === 'string') {
    reader.report(path, `an expected call is a mapping: - name: ${value}`);
    return undefined;
  }
  const fields = reader.object(value, path, TOOL_CALL_KEYS);
  if (!fields) return undefined;
  const nameValue = reader.required(fields, 'name', path);
  const name = nameValue === undefined ? undefined : reader.string(nameValue, [...path, 'name']);
  const matcher = fields.arguments === undefined ? undefined : readArguments(reader, fields.arguments, [...path, 'arguments']);
  if (name === undefined || (fields.arguments !== undefined && matcher === undefined)) return undefined;
  return matcher === undefined ? { name } : { name, arguments: matcher };
}

function readArguments(reader: FieldReader, value: unknown, path: FieldPath): ArgumentsMatcher | undefined {
  const fields = reader.object(value, path, ARGUMENTS_KEYS);
  if (!fields) return undefined;
  const at = (key: string): FieldPath => [...path, key];
  if (!ARGUMENTS_KEYS.some((key) => fields[key] !== undefined)) {
    reader.report(path, `give at least one of ${ARGUMENTS_KEYS.join(', ')}`);
    return undefined;
  }
  let ok = true;
  const matcher: ArgumentsMatcher = {};
  const dictionary = (key: 'exact' | 'subset') => {
    if (fields[key] === undefined) return;
    const given = reader.dictionary(fields[key], at(key));
    if (given) matcher[key] = given;
    else ok = false;
  };
  dictionary('exact');
  dictionary('subset');
  if (fields.regex !== undefined) {
    const patterns = reader.dictionary(fields.regex, at('regex'));
    if (patterns) {
      for (const [param, pattern] of Object.entries(patterns)) {
        const source = reader.string(pattern, [...at('regex'), param]);
        if (source === undefined) ok = false;
        else {
          const compiled = compileRegex(source);
          if (!compiled.ok) {
            reader.report([...at('regex'), param], `not a usable regular expression: ${compiled.error}`);
            ok = false;
          }
        }
      }
      matcher.regex = patterns as Record<string, string>;
    } else ok = false;
  }
  if (fields.schema !== undefined) {
    const schema = reader.dictionary(fields.schema, at('schema'));
    const problem = schema === undefined ? undefined : schemaProblem(schema);
    if (problem !== undefined) reader.report(at('schema'), problem);
    if (schema === undefined || problem !== undefined) ok = false;
    else matcher.schema = schema;
  }
  return ok ? matcher : undefined;
}

/** Why a JSON Schema cannot be used to judge arguments, if it cannot. */
function schemaProblem(schema: Fields): string | undefined {
  const compiled = compileSchema(schema);
  if (!compiled.ok) return `not a usable JSON Schema: ${compiled.error}`;
  const unenforced = compiled.unenforced[0];
  if (unenforced) return `pattern ${JSON.stringify(unenforced.pattern)} could not be checked (${unenforced.reason}); use one RE2 can run`;
  return undefined;
}

function readToolResults(reader: FieldReader, value: unknown, path: FieldPath): ToolResultExpectation[] | undefined {
  const items = reader.list(value, path, { nonEmpty: 'must hold at least one check' });
  if (!items || items.length === 0) return undefined;
  const checks = items.map((item, index) => readToolResult(reader, item, [...path, index]));
  return checks.every((check) => check !== undefined) ? (checks as ToolResultExpectation[]) : undefined;
}

function readToolResult(reader: FieldReader, value: unknown, path: FieldPath): ToolResultExpectation | undefined {
  const fields = reader.object(value, path, TOOL_RESULT_KEYS);
  if (!fields) return undefined;
  const at = (key: string): FieldPath => [...path, key];
  const tool = fields.tool === undefined ? undefined : reader.string(fields.tool, at('tool'));
  const pathValue = reader.required(fields, 'path', path);
  let jsonPath = pathValue === undefined ? undefined : reader.string(pathValue, at('path'));
  if (jsonPath !== undefined) {
    const parsed = parseJsonPath(jsonPath);
    if (!parsed.ok) {
      reader.report(at('path'), `not a JSON path of the supported kind: ${parsed.error}`);
      jsonPath = undefined;
    }
  }
  const matches = fields.matches === undefined ? undefined : readTextMatcher(reader, fields.matches, at('matches'));
  if ((fields.tool !== undefined && tool === undefined) || jsonPath === undefined || (fields.matches !== undefined && matches === undefined)) return undefined;
  const check: ToolResultExpectation = { path: jsonPath };
  if (tool !== undefined) check.tool = tool;
  // `equals: null` is a real expectation: presence of the key, not its value, decides.
  if (Object.hasOwn(fields, 'equals')) check.equals = fields.equals;
  if (matches !== undefined) check.matches = matches;
  return check;
}

function readJudge(reader: FieldReader, value: unknown, path: FieldPath): JudgeExpectation | undefined {
  const fields = reader.object(value, path, JUDGE_KEYS);
  if (!fields) return undefined;
  const rubricValue = reader.required(fields, 'rubric', path);
  const rubric = rubricValue === undefined ? undefined : reader.string(rubricValue, [...path, 'rubric']);
  const model = fields.model === undefined ? undefined : readModel(reader, fields.model, [...path, 'model']);
  if (rubric === undefined || (fields.model !== undefined && model === undefined)) return undefined;
  return model === undefined ? { rubric } : { rubric, model };
}

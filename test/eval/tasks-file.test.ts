import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadTasksFile, parseTasksFile, TasksFileError } from '../../src/eval/tasks-file.js';

/** The lines of the TasksFileError `text` raises (fails the test when it loads). */
function mistakes(text: string, source = 'tasks.yaml'): string[] {
  try {
    parseTasksFile(text, source);
  } catch (error) {
    if (error instanceof TasksFileError) return error.lines;
    throw error;
  }
  throw new Error('the file loaded, but a mistake was expected');
}

const FULL = `settings:
  models: [openai:gpt-4.1-mini]
  runs: 5
  maxTurns: 10
  timeout: 60s
  toolTimeout: 30s
  tokenBudget: 20000
  concurrency: 4
  systemPrompt: "You are a helpful assistant."
  threshold: 0.8
  k: 3
  judgeModel: openai:gpt-4.1-mini
  temperature: 0
tasks:
  - id: weather-boston
    prompt: "What is the weather in Boston right now?"
    tags: [weather]
    holdout: false
    runs: 10
    maxTurns: 4
    expect:
      answer: { contains: "Boston" }
      toolCalls:
        - name: get_weather
          arguments: { subset: { city: Boston } }
      ordered: true
      forbiddenTools: [delete_everything]
      maxCalls: 3
      toolResult:
        - { tool: get_weather, path: "$.temperature", equals: 21 }
      judge: { rubric: "The answer gives a temperature and a sky condition." }
`;

const task = (expect: string) => `tasks:\n  - id: t\n    prompt: p\n    expect:\n${expect}`;

describe('parseTasksFile: valid files', () => {
  it('the full example loads with every setting and condition', () => {
    const suite = parseTasksFile(FULL, 'tasks.yaml');
    expect(suite.settings).toEqual({
      models: ['openai:gpt-4.1-mini'],
      runs: 5,
      maxTurns: 10,
      timeoutMs: 60_000,
      toolTimeoutMs: 30_000,
      tokenBudget: 20_000,
      concurrency: 4,
      systemPrompt: 'You are a helpful assistant.',
      threshold: 0.8,
      k: 3,
      judgeModel: 'openai:gpt-4.1-mini',
      temperature: 0,
    });
    expect(suite.tasks).toEqual([
      {
        id: 'weather-boston',
        prompt: 'What is the weather in Boston right now?',
        tags: ['weather'],
        holdout: false,
        runs: 10,
        maxTurns: 4,
        expect: {
          answer: { contains: 'Boston' },
          toolCalls: [{ name: 'get_weather', arguments: { subset: { city: 'Boston' } } }],
          ordered: true,
          forbiddenTools: ['delete_everything'],
          maxCalls: 3,
          toolResult: [{ tool: 'get_weather', path: '$.temperature', equals: 21 }],
          judge: { rubric: 'The answer gives a temperature and a sky condition.' },
        },
      },
    ]);
  });

  it("the issue's smallest file loads with the default settings", () => {
    const suite = parseTasksFile(`tasks:
  - id: weather-boston
    prompt: "What is the weather in Boston right now?"
    expect:
      toolCalls:
        - name: get_weather
`);
    expect(suite.settings).toEqual(DEFAULT_SETTINGS);
    expect(suite.settings).toMatchObject({ runs: 5, maxTurns: 10, timeoutMs: 60_000, toolTimeoutMs: 30_000, concurrency: 4, threshold: 0.8, k: 3 });
    expect(suite.tasks).toEqual([
      { id: 'weather-boston', prompt: 'What is the weather in Boston right now?', tags: [], holdout: false, expect: { toolCalls: [{ name: 'get_weather' }] } },
    ]);
  });

  it('JSON is YAML too', () => {
    const suite = parseTasksFile(JSON.stringify({ settings: { timeout: 1500 }, tasks: [{ id: 'a', prompt: 'p', holdout: true, expect: { maxCalls: 0 } }] }));
    expect(suite.settings.timeoutMs).toBe(1500);
    expect(suite.tasks[0]).toMatchObject({ id: 'a', holdout: true, expect: { maxCalls: 0 } });
  });

  it('durations: ms, s, m, fractions, bare milliseconds', () => {
    const timeouts = ['500ms', '30s', '2m', '1.5s', '250'].map(
      (timeout) => parseTasksFile(`settings: { timeout: ${timeout} }\n${task('      maxCalls: 1')}`).settings.timeoutMs,
    );
    expect(timeouts).toEqual([500, 30_000, 120_000, 1500, 250]);
  });

  it('every matcher kind loads, and equals: null is kept', () => {
    const suite = parseTasksFile(
      task(`      answer: { regex: "^b", flags: im }
      toolCalls:
        - name: a
          arguments:
            exact: { x: 1 }
            regex: { y: "^[0-9]+$" }
            schema: { type: object, required: [x] }
      toolResult:
        - { path: "$.items[*]['x']", equals: null }
        - { path: "$", matches: { exact: "done" } }
`),
    );
    expect(suite.tasks[0]?.expect).toEqual({
      answer: { regex: '^b', flags: 'im' },
      toolCalls: [{ name: 'a', arguments: { exact: { x: 1 }, regex: { y: '^[0-9]+$' }, schema: { type: 'object', required: ['x'] } } }],
      toolResult: [
        { path: "$.items[*]['x']", equals: null },
        { path: '$', matches: { exact: 'done' } },
      ],
    });
  });
});

describe('parseTasksFile: one clear error per mistake, at its line', () => {
  it('a missing expected tool name: line and field path, as the README shows', () => {
    const text = `tasks:
  - id: a
    prompt: p
    expect: { maxCalls: 1 }
  - id: b
    prompt: p
    expect:
      toolCalls:
        - arguments: { subset: { city: Boston } }
`;
    expect(mistakes(text)).toEqual(['tasks.yaml:9: tasks[1].expect.toolCalls[0].name: required']);
  });

  it('every mistake of a file is listed, in file order', () => {
    const text = `settings:
  runs: 0
  timeout: 5x
  modles: [openai:x]
  models: [gpt-4]
tasks:
  - id: same
    prompt: p
    expect: { toolCalls: [{ name: a }] }
  - id: same
    prompt: ""
    tags: weather
    expect:
      answer: { regex: "(a", flags: x }
      forbidenTools: [x]
      toolResult:
        - { path: "temperature" }
  - id: "bad id!"
`;
    expect(mistakes(text)).toEqual([
      'tasks.yaml:2: settings.runs: must be a whole number from 1 to 10000, not 0',
      'tasks.yaml:3: settings.timeout: must be a duration such as 500ms, 30s or 2m (or a number of milliseconds), from 1 ms to 24 days, not "5x"',
      'tasks.yaml:4: settings.modles: unknown key (did you mean models?); allowed: models, runs, maxTurns, timeout, toolTimeout, tokenBudget, concurrency, systemPrompt, threshold, k, judgeModel, temperature',
      'tasks.yaml:5: settings.models[0]: a model is provider:name (e.g. openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5, openai-compatible:NAME), not "gpt-4"',
      'tasks.yaml:10: tasks[1].id: "same" is already the id of tasks[0] (line 7); ids must be unique',
      'tasks.yaml:11: tasks[1].prompt: must not be empty',
      'tasks.yaml:12: tasks[1].tags: must be a list, not the string "weather"',
      'tasks.yaml:14: tasks[1].expect.answer.flags: may hold i (ignore case) and m (^ and $ at line ends), each once, not "x"',
      'tasks.yaml:14: tasks[1].expect.answer.regex: not a usable regular expression: Invalid regular expression: /(a/u: Unterminated group',
      'tasks.yaml:15: tasks[1].expect.forbidenTools: unknown key (did you mean forbiddenTools?); allowed: answer, toolCalls, ordered, forbiddenTools, maxCalls, toolResult, judge',
      'tasks.yaml:17: tasks[1].expect.toolResult[0].path: not a JSON path of the supported kind: a path starts with $ (e.g. $.items[0].name)',
      'tasks.yaml:18: tasks[2].id: may hold only letters, digits, ".", "_" and "-", not "bad id!"',
      'tasks.yaml:18: tasks[2].prompt: required',
      'tasks.yaml:18: tasks[2].expect: required',
    ]);
  });

  it('a regex RE2 cannot run in linear time is refused at load, not half-enforced', () => {
    expect(mistakes(task('      toolCalls:\n        - name: a\n          arguments: { regex: { q: "(\\\\w)\\\\1" } }\n'))).toEqual([
      expect.stringMatching(
        /^tasks\.yaml:7: tasks\[0\]\.expect\.toolCalls\[0\]\.arguments\.regex\.q: not a usable regular expression: not supported \(it must run in linear time\)/,
      ),
    ]);
  });

  it('a JSON Schema that does not compile is an error at its line', () => {
    expect(mistakes(task('      toolCalls:\n        - name: a\n          arguments:\n            schema: { type: 12 }\n'))).toEqual([
      expect.stringMatching(/^tasks\.yaml:8: tasks\[0\]\.expect\.toolCalls\[0\]\.arguments\.schema: not a usable JSON Schema: \/type/),
    ]);
  });

  it('a YAML syntax error is reported at its line', () => {
    expect(mistakes('tasks:\n  - id: a\n    prompt: p\n   expect: 1\n')).toEqual([expect.stringMatching(/^tasks\.yaml:4: /)]);
    expect(mistakes('{"tasks": [], "tasks": 1}', 'tasks.json')).toEqual(['tasks.json:1: Map keys must be unique']);
  });

  it('an empty file, an empty task list, a task without conditions', () => {
    expect(mistakes('')).toEqual(['tasks.yaml:1: the file is empty: it needs a list of tasks (tasks: - id: …)']);
    expect(mistakes('settings: { runs: 3 }\n')).toEqual(['tasks.yaml:1: tasks: required']);
    expect(mistakes('tasks: []\n')).toEqual(['tasks.yaml:1: tasks: must hold at least one task']);
    expect(mistakes('- id: a\n')).toEqual(['tasks.yaml:1: the file is a list: put it under tasks: (tasks: - id: …)']);
    expect(mistakes(task('      ordered: true\n'))).toEqual([
      'tasks.yaml:4: tasks[0].expect: give at least one condition: answer, toolCalls, toolResult, forbiddenTools, maxCalls, judge',
      'tasks.yaml:5: tasks[0].expect.ordered: applies to toolCalls, and there are none',
    ]);
  });

  it('matchers: one kind at a time; flags only with regex; an expected call is a mapping', () => {
    expect(mistakes(task('      answer: { exact: a, contains: b }\n'))).toEqual([
      'tasks.yaml:5: tasks[0].expect.answer: give only one of exact, regex or contains, not exact and contains',
    ]);
    expect(mistakes(task('      answer: { contains: [], flags: i }\n'))).toEqual([
      'tasks.yaml:5: tasks[0].expect.answer.flags: applies to regex only',
      'tasks.yaml:5: tasks[0].expect.answer.contains: must hold at least one string',
    ]);
    expect(mistakes(task('      toolCalls: [get_weather]\n'))).toEqual([
      'tasks.yaml:5: tasks[0].expect.toolCalls[0]: an expected call is a mapping: - name: get_weather',
    ]);
    expect(mistakes(task('      toolCalls: []\n'))).toEqual([
      'tasks.yaml:5: tasks[0].expect.toolCalls: must hold at least one expected call (to allow no calls at all, use maxCalls: 0)',
    ]);
    expect(mistakes(task('      toolCalls:\n        - name: a\n          arguments: {}\n'))).toEqual([
      'tasks.yaml:7: tasks[0].expect.toolCalls[0].arguments: give at least one of exact, subset, regex, schema',
    ]);
  });

  it('a typo of the only condition is reported once, as the typo', () => {
    expect(mistakes(task('      maxcalls: 2\n'))).toEqual([
      'tasks.yaml:5: tasks[0].expect.maxcalls: unknown key (did you mean maxCalls?); allowed: answer, toolCalls, ordered, forbiddenTools, maxCalls, toolResult, judge',
    ]);
  });

  it('conditions that contradict each other: the task could never pass', () => {
    expect(mistakes(task('      toolCalls: [{ name: a }, { name: b }]\n      forbiddenTools: [b]\n      maxCalls: 1\n'))).toEqual([
      'tasks.yaml:6: tasks[0].expect.forbiddenTools[0]: b is also an expected tool call: this task could never pass',
      'tasks.yaml:7: tasks[0].expect.maxCalls: is 1, but toolCalls expects 2 call(s): this task could never pass',
    ]);
  });

  it('wrong types say what was given', () => {
    expect(mistakes('tasks:\n  - id: 7\n    prompt: [a]\n    holdout: "yes"\n    expect: { judge: { model: x } }\n')).toEqual([
      'tasks.yaml:2: tasks[0].id: must be a string, not the number 7',
      'tasks.yaml:3: tasks[0].prompt: must be a string, not a list',
      'tasks.yaml:4: tasks[0].holdout: must be true or false, not the string "yes"',
      'tasks.yaml:5: tasks[0].expect.judge.rubric: required',
      'tasks.yaml:5: tasks[0].expect.judge.model: a model is provider:name (e.g. openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5, openai-compatible:NAME), not "x"',
    ]);
  });

  it('a file of a billion laughs is refused, not expanded', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 9; i++)
      lines.push(
        `${'b'.repeat(i)}: &${'b'.repeat(i)} [${Array(10)
          .fill(i === 1 ? '*a' : `*${'b'.repeat(i - 1)}`)
          .join(', ')}]`,
      );
    expect(mistakes(`${lines.join('\n')}\ntasks: []\n`)[0]).toMatch(/^tasks\.yaml:1: .*alias/i);
  });
});

describe('loadTasksFile', () => {
  it('reads a file and names it in every mistake', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpvet-tasks-'));
    const file = join(dir, 'tasks.yaml');
    writeFileSync(file, task('      maxCalls: 1\n'));
    expect(loadTasksFile(file).tasks[0]?.id).toBe('t');
    writeFileSync(file, task('      maxCals: 1\n'));
    expect(() => loadTasksFile(file)).toThrow(`${file}:5: tasks[0].expect.maxCals: unknown key (did you mean maxCalls?)`);
  });

  it('a file that cannot be read is one clear line', () => {
    const missing = join(tmpdir(), 'mcpvet-no-such-dir', 'tasks.yaml');
    expect(() => loadTasksFile(missing)).toThrow(TasksFileError);
    expect(() => loadTasksFile(missing)).toThrow(`${missing}: cannot read it (ENOENT)`);
  });
});

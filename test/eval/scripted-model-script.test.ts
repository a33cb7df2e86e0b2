/** The script file: one clear error per mistake with the path of the bad field. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScript, parseScript, ScriptError } from '../../src/eval/scripted/script.js';
import { startScriptedModel } from '../../src/eval/scripted/server.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-model-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rule = (replies: string) => `rules:\n  - match: { contains: x }\n    replies: ${replies}\n`;

const MISTAKES: Array<[string, string]> = [
  ['', 'a script is a mapping with "rules" and/or "fallback"'],
  ['rules: [', 'not YAML'],
  ['rule: []', 'rule: unknown field (expected rules, fallback)'],
  ['rules: {}', 'rules: must be a list of rules'],
  ['rules: [answer]', 'rules[0]: a rule is a mapping'],
  ['rules:\n  - replies: [{ answer: a }]', 'rules[0].match: needs { contains: "text" } or { regex: "pattern", flags: "i" }'],
  ['rules:\n  - match: { contains: "" }\n    replies: [{ answer: a }]', 'rules[0].match.contains: must be a non-empty string'],
  ['rules:\n  - match: { contains: a, regex: b }\n    replies: [{ answer: a }]', 'rules[0].match.regex: unknown field (expected contains)'],
  ['rules:\n  - match: { regex: "(" }\n    replies: [{ answer: a }]', 'rules[0].match.regex: not a regular expression'],
  ['rules:\n  - match: { regex: a, flags: g }\n    replies: [{ answer: a }]', 'rules[0].match.flags: must be a string of the flags i, m, s, u'],
  ['rules:\n  - match: { contains: x }', 'rules[0]: needs "replies" (one per model turn) or "outcomes"'],
  ['rules:\n  - match: { contains: x }\n    replies: [{ answer: a }]\n    outcomes: [[{ answer: a }]]', 'rules[0]: give "replies" or "outcomes", not both'],
  [rule('[]'), 'rules[0].replies: must be a non-empty list of replies'],
  [rule('[{ tol: get }]'), 'rules[0].replies[0]: a reply is { tool, arguments }, { tools: [...] } or { answer: "..." }, not { tol }'],
  [rule('[{ tool: get, argument: {} }]'), 'rules[0].replies[0].argument: unknown field (expected tool, arguments)'],
  [rule('[{ tool: get, arguments: [1] }]'), 'rules[0].replies[0].arguments: must be a mapping of argument names to values'],
  [rule('[{ tool: "" }]'), 'rules[0].replies[0].tool: must be a non-empty tool name'],
  [rule('[{ tools: [] }]'), 'rules[0].replies[0].tools: must be a non-empty list of { tool, arguments }'],
  [rule('[{ answer: a }, { tools: [{ tool: a }, { name: b }] }]'), 'rules[0].replies[1].tools[1].name: unknown field (expected tool, arguments)'],
  [rule('[{ answer: "{{ last }}" }]'), 'rules[0].replies[0].answer: unknown placeholder {{last}} (the only one is {{lastToolResult}})'],
  [rule('[{ answer: [a] }]'), 'rules[0].replies[0].answer: must be a string'],
  [rule('[{ answer: a, tool: b }]'), 'rules[0].replies[0].tool: unknown field (expected answer)'],
  ['rules:\n  - match: { contains: x }\n    outcomes: []', 'rules[0].outcomes: must be a non-empty list of reply lists'],
  ['rules:\n  - match: { contains: x }\n    outcomes: [[{ answer: a }], []]', 'rules[0].outcomes[1]: must be a non-empty list of replies'],
  ['rules:\n  - match: { contains: x }\n    outcomes: [[{ answer: a }], [{ tool: 3 }]]', 'rules[0].outcomes[1][0].tool: must be a non-empty tool name'],
  ['fallback: lexicon', 'fallback: must be "lexical" or { answer: "..." }'],
  ['fallback: { answer: a, tool: b }', 'fallback.tool: unknown field (expected answer)'],
];

describe('validation', () => {
  it.each(MISTAKES)('%j is refused: %s', (text, message) => {
    let error: unknown;
    try {
      parseScript(text, 'bad.yaml');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ScriptError);
    expect((error as Error).message).toContain(`bad.yaml: ${message}`);
    expect((error as Error).message).not.toContain('\n');
  });

  it('accepts the format of the documentation, YAML or JSON', () => {
    const yaml = [
      'rules:',
      '  - match: { contains: "weather in Boston" }',
      '    replies:',
      '      - tool: get_weather',
      '        arguments: { city: Boston }',
      '      - answer: "It is {{lastToolResult}} in Boston."',
      '  - match: { regex: "flaky\\\\s+task", flags: i }',
      '    outcomes:',
      '      - [ { tool: list_notes, arguments: {} }, { answer: "done" } ]',
      '      - [ { answer: "I don\'t know" } ]',
      '      - [ { tools: [ { tool: a }, { tool: b, arguments: } ] }, { answer: 42 } ]',
      'fallback: lexical',
    ].join('\n');
    expect(() => parseScript(yaml)).not.toThrow();
    expect(() => parseScript(JSON.stringify({ rules: [{ match: { contains: 'x' }, replies: [{ answer: 'y' }] }], fallback: { answer: 'no' } }))).not.toThrow();
    expect(() => parseScript('fallback: { answer: "{{lastToolResult}}" }')).not.toThrow();
  });

  it('loads a file, and says which file it cannot read', async () => {
    const file = join(dir, 'ok.yaml');
    writeFileSync(file, 'fallback: lexical\n');
    expect(await loadScript(file)).toEqual({ fallback: 'lexical' });
    await expect(loadScript(join(dir, 'missing.yaml'))).rejects.toThrow(`cannot read --script ${join(dir, 'missing.yaml')}: ENOENT`);
  });

  it('startScriptedModel validates a script given in code', async () => {
    await expect(startScriptedModel({ script: { rules: [{ match: { contains: 'x' }, replies: [] }] } })).rejects.toThrow(
      'script: rules[0].replies: must be a non-empty list',
    );
  });
});

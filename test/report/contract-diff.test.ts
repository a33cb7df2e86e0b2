import { describe, expect, it } from 'vitest';
import type { ContractChange } from '../../src/contract/change.js';
import { diffContracts } from '../../src/contract/diff.js';
import { describeSnapshot, renderDiff, renderDiffJson, renderDiffMarkdown, renderDiffText, summaryLine } from '../../src/report/contract/diff.js';
import { notesSnapshot } from '../contract/snapshots.js';

const changes: ContractChange[] = [
  { kind: 'compatible', subject: 'tool list_tags', path: 'tools.list_tags', message: 'tool added' },
  {
    kind: 'breaking',
    subject: 'tool search_notes',
    path: 'tools.search_notes.inputSchema.required',
    message: "argument 'limit' is now required",
  },
  { kind: 'cosmetic', subject: 'tool search_notes', path: 'tools.search_notes.descriptionHash', message: 'description changed' },
  { kind: 'breaking', subject: 'prompt summarize', path: 'prompts.summarize', message: 'prompt removed' },
];
const context = { oldLabel: 'v1.json', newLabel: 'v2.json' };

describe('diff rendering', () => {
  it('summarizes counts and the bump', () => {
    expect(summaryLine(changes)).toBe('2 breaking, 1 compatible, 1 cosmetic; suggested bump: major');
    expect(summaryLine([])).toBe('No contract changes; suggested bump: none');
  });

  it('renders text grouped by kind, breaking first', () => {
    expect(renderDiffText(changes, context)).toBe(
      [
        'Contract diff: v1.json -> v2.json',
        '2 breaking, 1 compatible, 1 cosmetic; suggested bump: major',
        '',
        'Breaking (2)',
        "  tool search_notes: argument 'limit' is now required",
        '      at tools.search_notes.inputSchema.required',
        '  prompt summarize: prompt removed',
        '      at prompts.summarize',
        '',
        'Compatible (1)',
        '  tool list_tags: tool added',
        '      at tools.list_tags',
        '',
        'Cosmetic (1)',
        '  tool search_notes: description changed',
        '      at tools.search_notes.descriptionHash',
        '',
      ].join('\n'),
    );
  });

  it('renders Markdown for a pull-request comment: summary line, then a table per kind', () => {
    expect(renderDiffMarkdown(changes, context)).toBe(
      [
        '### mcpvet contract diff',
        '',
        '**2 breaking** · 1 compatible · 1 cosmetic — suggested bump: **major**',
        '',
        'Compared: v1.json → v2.json',
        '',
        '#### Breaking (2)',
        '',
        '| Subject | Change | Path |',
        '| --- | --- | --- |',
        "| tool search\\_notes | argument 'limit' is now required | `tools.search_notes.inputSchema.required` |",
        '| prompt summarize | prompt removed | `prompts.summarize` |',
        '',
        '#### Compatible (1)',
        '',
        '| Subject | Change | Path |',
        '| --- | --- | --- |',
        '| tool list\\_tags | tool added | `tools.list_tags` |',
        '',
        '#### Cosmetic (1)',
        '',
        '| Subject | Change | Path |',
        '| --- | --- | --- |',
        '| tool search\\_notes | description changed | `tools.search_notes.descriptionHash` |',
        '',
      ].join('\n'),
    );
  });

  it('escapes server-supplied names so they cannot break the table or inject markup', () => {
    const hostile: ContractChange[] = [{ kind: 'breaking', subject: 'tool a|b<img src=x>', path: 'tools["a|b`c"]', message: 'tool removed\nsecond line' }];
    const row = renderDiffMarkdown(hostile)
      .split('\n')
      .find((line) => line.startsWith('| tool'));
    expect(row).toBe('| tool a\\|b\\<img src=x\\> | tool removed second line | `` tools["a\\|b`c"] `` |');
  });

  it('says so when nothing changed', () => {
    expect(renderDiffMarkdown([])).toBe('### mcpvet contract diff\n\nNo contract changes. Suggested bump: **none**\n');
    expect(renderDiffText([])).toBe('Contract diff\nNo contract changes; suggested bump: none\n');
  });

  it('renders one JSON document with bump, counts and every change', () => {
    const document = JSON.parse(renderDiffJson(changes, context));
    expect(document).toEqual({
      suggestedBump: 'major',
      counts: { breaking: 2, compatible: 1, cosmetic: 1 },
      old: 'v1.json',
      new: 'v2.json',
      changes,
    });
  });

  it('renderDiff dispatches on the format', () => {
    expect(renderDiff(changes, 'json')).toBe(renderDiffJson(changes));
    expect(renderDiff(changes, 'markdown')).toBe(renderDiffMarkdown(changes));
    expect(renderDiff(changes, 'text')).toBe(renderDiffText(changes));
  });

  it('describes a snapshot for the header', () => {
    expect(describeSnapshot(notesSnapshot())).toBe('notes-server 1.0.0, 2026-07-28 (modern), taken 2026-08-01T10:00:00.000Z');
    expect(describeSnapshot(notesSnapshot({ serverInfo: undefined }))).toMatch(/^stdio: node dist\/examples\/notes-server\.js, /);
  });

  it('renders a real diff end to end', () => {
    const after = notesSnapshot({ prompts: [] });
    const text = renderDiffText(diffContracts(notesSnapshot(), after));
    expect(text).toContain('1 breaking, 0 compatible, 0 cosmetic; suggested bump: major');
    expect(text).toContain('  prompt summarize: prompt removed');
  });
});

describe('server text in the text and Markdown diff', () => {
  it('escapes control characters, so a tool name cannot drive the terminal', () => {
    const change: ContractChange = { kind: 'breaking', subject: 'tool x\u001b]0;pwned\u0007', path: 'tools.x\u001b[2J', message: 'removed\u009b31m' };
    for (const output of [renderDiffText([change]), renderDiffMarkdown([change])]) {
      expect(output).not.toMatch(/[\u001b\u0007\u009b]/);
      expect(output).toContain('\\u001b');
    }
  });
});

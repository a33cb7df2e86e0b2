// Text, JSON and Markdown renderers, and the published rules table.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES, lintTools, renderJson, renderMarkdown, renderRulesTable, renderText } from '../../src/lint/index.js';
import { tool, withCity } from './helpers.js';

const findings = lintTools([tool({ name: 'a|b' }), withCity({ type: 'int', description: 'City.' })]);

describe('renderText', () => {
  it('groups by tool and prints path, issue and fix for each finding', () => {
    const text = renderText(findings, 2);
    expect(text).toMatch(/^a\|b\n {2}warning \/name {2}Tool name "a\|b" contains/m);
    expect(text).toContain('\nget_weather\n  error   /inputSchema/properties/city/type');
    expect(text).toContain('fix: Correct the keyword');
    expect(text.trimEnd().split('\n').pop()).toBe('1 error, 2 warnings, 0 info in 2 tool(s) of 2.');
  });

  it('says so when there is nothing to report', () => {
    expect(renderText([], 3)).toBe('No lint findings in 3 tool(s).\n');
  });
});

describe('renderJson', () => {
  it('prints one JSON document with a summary and every finding', () => {
    const doc = JSON.parse(renderJson(findings));
    expect(doc.tool).toBe('mcpvet');
    expect(doc.summary).toEqual({ errors: 1, warnings: 2, infos: 0, tools: 2 });
    expect(doc.findings).toEqual(findings);
  });
});

describe('renderMarkdown', () => {
  it('writes a table per tool with escaped cells', () => {
    const md = renderMarkdown(findings);
    expect(md).toContain('### `a\\|b`');
    expect(md).toContain('| Severity | Rule | Path | Issue | Fix |');
    expect(md).toContain('Tool name "a\\|b" contains');
    for (const line of md.split('\n').filter((l) => l.startsWith('| warning') || l.startsWith('| error'))) {
      expect(line.replace(/\\\|/g, '').split('|').length).toBe(7); // 5 cells, no stray pipes
    }
  });
});

describe('README.md', () => {
  it('holds the current lint rules table', () => {
    const path = fileURLToPath(new URL('../../README.md', import.meta.url));
    const doc = readFileSync(path, 'utf8');
    const table = doc.slice(doc.indexOf('<!-- rules:start -->\n') + '<!-- rules:start -->\n'.length, doc.indexOf('<!-- rules:end -->'));
    expect(table).toBe(renderRulesTable());
    for (const r of RULES) expect(table).toContain(`\`${r.id}\``);
  });
});

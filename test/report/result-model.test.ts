// Every format shows incomplete apart from skip and carries finding codes and locations; baselines take <id>/<code>.
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/check/types.js';
import { applyBaseline, exitCodeFor, parseExpectedFailures } from '../../src/report/baseline.js';
import { conformanceFiles } from '../../src/report/conformance.js';
import { renderConsole } from '../../src/report/console.js';
import { renderHtml } from '../../src/report/html.js';
import { renderJson } from '../../src/report/json.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderSarif } from '../../src/report/sarif.js';
import { report, result } from './fixtures.js';

const twoTools: CheckResult = result({
  id: 'tools.name-format',
  status: 'warn',
  code: 'invalid-characters',
  message: '2 findings:\n- tool name "a b" breaks the naming rule\n- tool name "x".repeat(200) is too long',
  findings: [
    {
      status: 'warn',
      level: 'SHOULD',
      code: 'invalid-characters',
      location: { tool: 'a b', pointer: '/name' },
      message: 'tool name "a b" breaks the naming rule',
    },
    { status: 'warn', level: 'SHOULD', code: 'too-long', location: { tool: 'xxxx', pointer: '/name' }, message: 'tool name is too long' },
  ],
});
const undecided = result({ id: 'stateless.replica-pagination', status: 'incomplete', code: 'no-replica', message: 'no replica given (pass --replica ...)' });
const skipped = result({ id: 'resources.list-shape', status: 'skip', message: 'The server does not declare the resources capability.' });
const run = () => report([result({ id: 'protocol.ping', status: 'pass' }), twoTools, undecided, skipped]);

describe('incomplete and codes in every report', () => {
  it('console: codes with locations, an incomplete section with the hint, and the count in the last line', () => {
    const text = renderConsole(run(), { color: false });
    expect(text).toContain('code: tools.name-format/invalid-characters (tool a b /name)');
    expect(text).toContain('code: tools.name-format/too-long (tool xxxx /name)');
    expect(text).toContain('incomplete (1)');
    expect(text).toContain('stateless.replica-pagination: no replica given');
    expect(text).toContain('--replica URL|COMMAND');
    expect(text).toContain('skipped (1)');
    expect(text.trim().split('\n').at(-1)).toBe('checks: 1 passed, 0 failed, 1 warnings, 1 skipped, 0 errors, 1 incomplete');
  });

  it('json: findings with codes and locations, incomplete counted apart', () => {
    const doc = JSON.parse(renderJson(run(), { color: false }));
    expect(doc.summary).toMatchObject({ skip: 1, incomplete: 1 });
    expect(doc.results[1].findings[1]).toMatchObject({ code: 'too-long', location: { tool: 'xxxx', pointer: '/name' } });
  });

  it('junit: incomplete is a <skipped> that says so; codes are in the details', () => {
    const xml = renderJunit(run(), { color: false });
    expect(xml).toContain('<skipped message="incomplete (could not decide): no replica given');
    expect(xml).toContain('code: tools.name-format/invalid-characters (tool a b /name)');
  });

  it('sarif: one result per finding, ruleId the check id, code in properties, tool and pointer as logical locations; incomplete is kind open', () => {
    const sarif = JSON.parse(renderSarif(run(), { color: false }));
    const results = sarif.runs[0].results;
    const named = results.filter((r: { ruleId: string }) => r.ruleId === 'tools.name-format');
    expect(named.map((r: { properties: { code: string } }) => r.properties.code)).toEqual(['invalid-characters', 'too-long']);
    expect(named[0].locations[0].logicalLocations.map((l: { name: string }) => l.name)).toEqual(['node examples/notes-server.js', 'a b', '/name']);
    const open = results.find((r: { ruleId: string }) => r.ruleId === 'stateless.replica-pagination');
    expect(open).toMatchObject({ kind: 'open', level: 'none', properties: { code: 'no-replica', status: 'incomplete' } });
    expect(results.some((r: { ruleId: string }) => r.ruleId === 'resources.list-shape')).toBe(false);
  });

  it('markdown and html: an Incomplete column and section, and the codes', () => {
    const md = renderMarkdown(run(), { color: false });
    expect(md).toContain('| **Total** | 1 | 0 | 1 | 1 | 1 | 0 |');
    expect(md).toContain('### Incomplete (1)');
    expect(md).toContain('- Code `tools.name-format/too-long` (tool xxxx /name)');
    const html = renderHtml(run(), { color: false });
    expect(html).toContain('<th scope="col">Incomplete</th>');
    expect(html).toContain('Incomplete: checks that could not decide (1)');
    expect(html).toContain('<code>tools.name-format/too-long</code>');
  });

  it('conformance folder: incomplete is SKIPPED with mcpvetStatus incomplete; the code and findings are in details', () => {
    const files = conformanceFiles(run());
    const checks = files.flatMap((f) => JSON.parse(f.content));
    expect(checks.find((c: { id: string }) => c.id === 'stateless.replica-pagination')).toMatchObject({
      status: 'SKIPPED',
      details: { mcpvetStatus: 'incomplete', code: 'stateless.replica-pagination/no-replica' },
    });
    expect(checks.find((c: { id: string }) => c.id === 'tools.name-format').details.findings).toHaveLength(2);
  });
});

describe('baselines by id and by id/code', () => {
  it('an incomplete check never fails the run, listed or not, and never makes an entry stale', () => {
    const withBaseline = applyBaseline(run(), ['stateless.replica-pagination', 'tools.name-format']);
    expect(withBaseline.baseline).toMatchObject({ regressions: [], stale: [] });
    expect(exitCodeFor(withBaseline, { strictWarnings: true })).toBe(0);
  });

  it('<id>/<code> entries cover a check only while every failing code is listed, and go stale when the code is gone', async () => {
    const both = applyBaseline(run(), await parseExpectedFailures('- tools.name-format/invalid-characters\n- tools.name-format/too-long\n'));
    expect(both.baseline).toMatchObject({ regressions: [], stale: [] });
    expect(exitCodeFor(both, { strictWarnings: true })).toBe(0);

    const one = applyBaseline(run(), ['tools.name-format/invalid-characters']);
    expect(one.baseline!.regressions).toEqual(['tools.name-format']);
    expect(exitCodeFor(one, { strictWarnings: true })).toBe(2);

    const gone = applyBaseline(run(), ['tools.name-format/invalid-characters', 'tools.name-format/too-long', 'tools.name-format/empty']);
    expect(gone.baseline!.stale).toEqual(['tools.name-format/empty']);
    expect(exitCodeFor(gone)).toBe(2);
  });
});

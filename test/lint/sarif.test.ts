// SARIF 2.1.0 output shape: what code-scanning consumers read.
import { describe, expect, it } from 'vitest';
import { RULES, lintTools, renderSarif } from '../../src/lint/index.js';
import { expectCodeScanningResults } from '../helpers/code-scanning.js';
import { fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { tool, withCity } from './helpers.js';

const findings = lintTools([tool({ name: 'a b' }), withCity({ type: 'int', description: 'City.' }), tool({ name: 'n', inputSchema: { type: 'object' } })]);

describe('renderSarif', () => {
  const log = JSON.parse(renderSarif(findings, { toolVersion: '0.1.0', file: 'tools.json' }));
  const run = log.runs[0];

  it('is a SARIF 2.1.0 log with one run', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs).toHaveLength(1);
    expect(run.tool.driver).toMatchObject({ name: 'mcpvet', version: '0.1.0' });
  });

  it('encodes a linted file name once (my tools.json is my%20tools.json, not my%2520tools.json)', () => {
    const named = JSON.parse(renderSarif(findings, { localFile: 'my tools.json' }));
    expect(new Set(expectCodeScanningResults(named))).toEqual(new Set(['my%20tools.json']));
  });

  it('describes every rule with id, help and default level', () => {
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(RULES.map((r) => r.id));
    for (const r of run.tool.driver.rules) {
      expect(r.shortDescription.text.length).toBeGreaterThan(0);
      expect(r.help.text).toContain('Fix:');
      expect(['error', 'warning', 'note']).toContain(r.defaultConfiguration.level);
      expect(r.name).toMatch(/^[A-Za-z0-9]+$/);
    }
  });

  it('gives each result its rule, level, message and a logical location of tool and JSON path', () => {
    expect(run.results).toHaveLength(findings.length);
    run.results.forEach((res: Record<string, any>, i: number) => {
      const f = findings[i];
      expect(res.ruleId).toBe(f.ruleId);
      expect(run.tool.driver.rules[res.ruleIndex].id).toBe(f.ruleId);
      expect(res.level).toBe({ error: 'error', warning: 'warning', info: 'note' }[f.severity]);
      expect(res.message.text).toContain(f.message);
      const loc = res.locations[0];
      expect(loc.logicalLocations[0]).toEqual({ name: f.tool, fullyQualifiedName: `${f.tool}#${f.path}`, kind: 'object' });
      expect(loc.physicalLocation).toEqual({ artifactLocation: { uri: 'tools.json' }, region: { startLine: 1 } });
      expect(res.properties).toMatchObject({ tool: f.tool, path: f.path, fix: f.fix });
    });
    expect(run.results.map((r: { level: string }) => r.level)).toEqual(expect.arrayContaining(['error', 'warning', 'note']));
  });

  it('points at a path naming the server when no file is named', () => {
    const live = JSON.parse(renderSarif(findings, { target: { target: 'http://127.0.0.1:3000/mcp', transport: 'http' } }));
    expect(new Set(expectCodeScanningResults(live))).toEqual(new Set(['127.0.0.1/mcp']));
    const plain = JSON.parse(renderSarif(findings));
    expect(new Set(expectCodeScanningResults(plain))).toEqual(new Set(['mcp-server']));
    expect(plain.runs[0].tool.driver.version).toBeUndefined();
  });
});

describe('SARIF of a live lint, for code scanning', () => {
  const server = fixture('security-poisoned-tools');

  it('points every finding at the server script, or at --sarif-location', async () => {
    const run = await runCli(['lint', '--format', 'sarif', '--', process.execPath, server]);
    const log = JSON.parse(run.stdout);
    expect(log.runs[0].results.length, run.stderr).toBeGreaterThan(0);
    expect(new Set(expectCodeScanningResults(log))).toEqual(new Set(['dist/fixtures/security-poisoned-tools.js']));
    const named = await runCli(['lint', '--format', 'sarif', '--sarif-location', 'mcp.json', '--', process.execPath, server]);
    expect(new Set(expectCodeScanningResults(JSON.parse(named.stdout)))).toEqual(new Set(['mcp.json']));
  });
});

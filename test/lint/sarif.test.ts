// SARIF 2.1.0 output shape: what code-scanning consumers read.
import { describe, expect, it } from 'vitest';
import { RULES, lintTools, renderSarif } from '../../src/lint/index.js';
import { tool, withCity } from './helpers.js';

const findings = lintTools([tool({ name: 'a b' }), withCity({ type: 'int', description: 'City.' }), tool({ name: 'n', inputSchema: { type: 'object' } })]);

describe('renderSarif', () => {
  const log = JSON.parse(renderSarif(findings, { toolVersion: '0.1.0', artifactUri: 'tools.json' }));
  const run = log.runs[0];

  it('is a SARIF 2.1.0 log with one run', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs).toHaveLength(1);
    expect(run.tool.driver).toMatchObject({ name: 'mcpvet', version: '0.1.0' });
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
      expect(loc.physicalLocation.artifactLocation.uri).toBe('tools.json');
      expect(res.properties).toMatchObject({ tool: f.tool, path: f.path, fix: f.fix });
    });
    expect(run.results.map((r: { level: string }) => r.level)).toEqual(expect.arrayContaining(['error', 'warning', 'note']));
  });

  it('leaves out the physical location when no file is named', () => {
    const plain = JSON.parse(renderSarif(findings)).runs[0];
    expect(plain.results[0].locations[0].physicalLocation).toBeUndefined();
    expect(plain.tool.driver.version).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../src/report/baseline.js';
import { renderJunit } from '../../src/report/junit.js';
import { frame, mixedReport, report, result } from './fixtures.js';
import { findAll, parseXml } from './xml.js';

describe('junit reporter', () => {
  it('is well-formed XML with one testsuite per suite and one testcase per check', () => {
    const root = parseXml(renderJunit(mixedReport(), { color: false }));
    expect(root.name).toBe('testsuites');
    expect(findAll(root, 'testsuite').map((s) => s.attrs.name)).toEqual(['protocol', 'tools', 'resources']);
    expect(findAll(root, 'testcase')).toHaveLength(8);
    expect(root.attrs).toMatchObject({ tests: '8', failures: '1', errors: '1', skipped: '2' });
  });

  it('counts per suite match the elements inside', () => {
    const root = parseXml(renderJunit(mixedReport(), { color: false }));
    for (const suite of findAll(root, 'testsuite')) {
      expect(Number(suite.attrs.tests)).toBe(findAll(suite, 'testcase').length);
      expect(Number(suite.attrs.failures)).toBe(findAll(suite, 'failure').length);
      expect(Number(suite.attrs.errors)).toBe(findAll(suite, 'error').length);
      expect(Number(suite.attrs.skipped)).toBe(findAll(suite, 'skipped').length);
    }
  });

  it('maps fail to <failure>, error to <error>, skip to <skipped> and warn to a pass with system-out', () => {
    const root = parseXml(renderJunit(mixedReport(), { color: false }));
    const byId = (id: string) => findAll(root, 'testcase').find((t) => t.attrs.name!.startsWith(`${id}:`))!;
    const failure = byId('protocol.unsupported-version').children[0]!;
    expect(failure.name).toBe('failure');
    expect(failure.attrs.message).toContain('-32022');
    expect(failure.text).toContain('← message {"jsonrpc":"2.0","id":7,"error"');
    expect(byId('tools.call-structured').children[0]!.name).toBe('error');
    expect(byId('resources.list-shape').children[0]).toMatchObject({
      name: 'skipped',
      attrs: { message: 'The server does not declare the resources capability.' },
    });
    const warn = byId('tools.description');
    expect(warn.children.map((c) => c.name)).toEqual(['system-out']);
    expect(warn.children[0]!.text).toContain('WARNING (SHOULD): Tool "x" has no description.');
    expect(byId('protocol.ping').children).toEqual([]);
    expect(byId('protocol.ping').attrs).toMatchObject({ classname: 'mcpvet.protocol', time: '0.012' });
  });

  it('escapes markup, quotes and ampersands, and drops characters XML cannot carry', () => {
    const nasty = `</failure><x a="1">&amp; 'q' \u0001\u0000 ]]>`;
    const xml = renderJunit(
      report([result({ id: 'tools.x', status: 'fail', title: nasty, message: nasty, evidence: [{ note: nasty, frames: [frame({ raw: nasty })] }] })]),
      { color: false },
    );
    const root = parseXml(xml);
    const testcase = findAll(root, 'testcase')[0]!;
    expect(testcase.attrs.name).toContain('</failure><x a="1">&amp;');
    expect(testcase.children[0]!.attrs.message).toContain(`'q'`);
  });

  it('with a baseline: an expected failure is skipped, a stale entry is a failure', () => {
    const r = applyBaseline(mixedReport(), ['protocol.unsupported-version', 'protocol.ping'], 'b.yml');
    const root = parseXml(renderJunit(r, { color: false }));
    const byId = (id: string) => findAll(root, 'testcase').find((t) => t.attrs.name!.startsWith(`${id}:`))!;
    expect(byId('protocol.unsupported-version').children[0]!.name).toBe('skipped');
    expect(byId('protocol.unsupported-version').children[0]!.attrs.message).toMatch(/^expected failure \(listed in b\.yml\)/);
    expect(byId('protocol.ping').children[0]).toMatchObject({ name: 'failure', attrs: { type: 'stale-baseline' } });
    expect(root.attrs).toMatchObject({ failures: '1', skipped: '3' });
  });

  it('carries the run facts as properties', () => {
    const root = parseXml(renderJunit(mixedReport(), { color: false }));
    const props = Object.fromEntries(findAll(findAll(root, 'testsuite')[0]!, 'property').map((p) => [p.attrs.name, p.attrs.value]));
    expect(props).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', transport: 'stdio', server: 'notes 1.2.3' });
  });

  it('the checker itself rejects broken XML', () => {
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(() => parseXml('<a x="<"/>')).toThrow();
    expect(() => parseXml('<a>&nope;</a>')).toThrow();
    expect(() => parseXml('<a>\u0001</a>')).toThrow();
  });
});

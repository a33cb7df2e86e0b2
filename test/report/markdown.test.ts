import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../src/report/baseline.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { frame, mixedReport, report, result } from './fixtures.js';

describe('markdown reporter', () => {
  it('opens with the verdict and a table of counts per suite with a total', () => {
    const md = renderMarkdown(mixedReport(), { color: false });
    expect(md.split('\n')[0]).toBe('## mcpvet check: 1 failed, 1 errors, 1 warnings');
    expect(md).toContain('| Suite | Passed | Failed | Warnings | Skipped | Incomplete | Errors |');
    expect(md).toContain('| protocol | 2 | 1 | 0 | 0 | 0 | 0 |');
    expect(md).toContain('| tools | 1 | 0 | 1 | 0 | 0 | 1 |');
    expect(md).toContain('| **Total** | 3 | 1 | 1 | 2 | 0 | 1 |');
    expect(renderMarkdown(report([result({ id: 'tools.a', status: 'pass' })]), { color: false }).split('\n')[0]).toBe('## mcpvet check: all 1 passed');
  });

  it('lists failures, errors and warnings with message, spec link and evidence in <details>', () => {
    const md = renderMarkdown(mixedReport(), { color: false });
    expect(md.indexOf('### Failures (1)')).toBeLessThan(md.indexOf('### Errors'));
    expect(md.indexOf('### Errors')).toBeLessThan(md.indexOf('### Warnings (1)'));
    expect(md).toContain('#### ❌ `protocol.unsupported-version`: Title of protocol.unsupported-version (MUST)');
    expect(md).toContain('The server answered -32600 instead of -32022 (UnsupportedProtocolVersion).');
    expect(md).toContain('Spec: [server/tools\\#tool-names](https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names)');
    expect(md).toContain('<details><summary>Evidence (2 frames)</summary>');
    expect(md).toContain('→ message {"jsonrpc":"2.0","id":7,"method":"server/discover"}');
    expect(md).not.toContain('protocol.ping');
  });

  it('folds skipped checks by reason', () => {
    const md = renderMarkdown(mixedReport(), { color: false });
    expect(md).toContain('<details><summary>Skipped (2)</summary>');
    expect(md).toContain('- The server does not declare the resources capability: `resources.list-shape`, `resources.read-unknown`');
  });

  it('escapes server text: no HTML, and a code fence longer than any backtick run in the evidence', () => {
    const md = renderMarkdown(
      report([
        result({ id: 'tools.x', status: 'fail', message: '<img src=x onerror=alert(1)> **bold**', evidence: [{ frames: [frame({ raw: 'a ```` b' })] }] }),
      ]),
      { color: false },
    );
    expect(md).not.toContain('<img');
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt; \\*\\*bold\\*\\*');
    expect(md).toContain('`````text');
  });

  it('shows the baseline', () => {
    const md = renderMarkdown(applyBaseline(mixedReport(), ['protocol.unsupported-version', 'protocol.ping'], 'b.yml'), { color: false });
    expect(md).toContain('### Baseline `b.yml`');
    expect(md).toContain('- Expected failures: `protocol.unsupported-version`');
    expect(md).toContain('- Stale (listed, pass now: remove them): `protocol.ping`');
    expect(md).toContain('(MUST · expected failure)');
  });
});

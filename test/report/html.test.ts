import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { frame, mixedReport, report, result } from './fixtures.js';

describe('html reporter', () => {
  it('is one self-contained page: inline style, no script, no external asset, a CSP forbidding both', () => {
    const html = renderHtml(mixedReport(), { color: false });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|url\(/i);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('shows counts, findings with evidence, and every check', () => {
    const html = renderHtml(mixedReport(), { color: false });
    expect(html).toContain('<tr><td>protocol</td><td class="pass">2</td><td class="fail">1</td>');
    expect(html).toContain('<h2>Findings (3)</h2>');
    expect(html).toContain('<code>protocol.unsupported-version</code>');
    expect(html).toContain('<details><summary>Evidence</summary><pre>→ message {&quot;jsonrpc&quot;:&quot;2.0&quot;,&quot;id&quot;:7');
    expect(html).toContain('<code>protocol.ping</code>'); // passing checks appear in the full list
    expect(html).toContain('href="https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names"');
  });

  it('escapes everything the server said', () => {
    const attack = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'';
    const html = renderHtml(
      report(
        [
          result({
            id: 'tools.x',
            status: 'fail',
            title: attack,
            message: attack,
            evidence: [{ frames: [frame({ raw: attack })], note: attack, curl: attack }],
          }),
        ],
        { target: attack },
      ),
      { color: false },
    );
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

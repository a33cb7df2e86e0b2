import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { RAW_CHARS_IN_PAGE } from '../../src/report/html/budget.js';
import { jsonForScript } from '../../src/report/html/page.js';
import { SCRIPT } from '../../src/report/html/script.js';
import { STYLE } from '../../src/report/html/styles.js';
import { frame, mixedReport, report, result } from './fixtures.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)![1]!);

describe('html reporter', () => {
  it('is one self-contained page whose CSP allows only its own inline style and script, by hash', () => {
    const html = renderHtml(mixedReport(), { color: false });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(
      `content="default-src 'none'; script-src ${sha(SCRIPT)}; style-src ${sha(STYLE)}; img-src 'none'; base-uri 'none'; form-action 'none'"`,
    );
    expect(html).toContain(`<style>${STYLE}</style>`);
    expect(html).toContain(`<script>${SCRIPT}</script>`);
    expect(html).not.toMatch(/unsafe-inline|unsafe-eval|<link|<img|<iframe|\ssrc=|url\(|\sstyle=|\son[a-z]+=/i);
    expect(SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('shows counts by suite, findings with requirement, spec link and evidence, and every check', () => {
    const html = renderHtml(mixedReport(), { color: false });
    expect(html).toContain('<tr><th scope="row">protocol</th>');
    expect(html).toContain('<h2 id="findings">Findings (3)</h2>');
    expect(html).toContain('data-finding="protocol.unsupported-version"');
    expect(html).toContain('<code>TOOL-06</code>');
    expect(html).toContain('<pre>{&quot;jsonrpc&quot;:&quot;2.0&quot;,&quot;id&quot;:7');
    expect(html).toContain('<code>protocol.ping</code>'); // passing checks appear in the full list
    expect(html).toContain('href="https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names"');
    expect(html).toContain('server/discover answered with 2026-07-28');
  });

  it('gives the trace viewer each evidence frame once, with the checks that rest on it and the method it answers', () => {
    const request = frame({ raw: '{"jsonrpc":"2.0","id":3,"method":"tools/list"}', message: { jsonrpc: '2.0', id: 3, method: 'tools/list' } });
    const answer = frame({ direction: 'receive', raw: '{"jsonrpc":"2.0","id":3,"result":{}}', message: { jsonrpc: '2.0', id: 3, result: {} } });
    const html = renderHtml(
      report([
        result({ id: 'tools.a', status: 'fail', evidence: [{ frames: [request, answer] }] }),
        result({ id: 'tools.b', status: 'pass', evidence: [{ frames: [request, answer] }] }),
      ]),
      { color: false },
    );
    const { trace } = dataOf(html);
    expect(trace.frames).toHaveLength(2);
    expect(trace.connections).toHaveLength(1);
    expect(trace.frames.map((f: { m: string; checks: string[] }) => [f.m, f.checks])).toEqual([
      ['tools/list', ['tools.a', 'tools.b']],
      ['tools/list', ['tools.a', 'tools.b']],
    ]);
  });

  it('tells connections apart by shared frames and HTTP session ids', () => {
    const http = (session: string) => ({ exchange: 1, method: 'POST', url: 'http://127.0.0.1:1/mcp', headers: { 'mcp-session-id': session } });
    const html = renderHtml(
      report([
        result({ id: 'http.a', status: 'fail', evidence: [{ frames: [frame({ http: http('s1') })] }, { frames: [frame({ http: http('s1') })] }] }),
        result({ id: 'http.b', status: 'fail', evidence: [{ frames: [frame({ http: http('s2') })] }] }),
      ]),
      { color: false },
    );
    const { trace } = dataOf(html);
    expect(trace.connections).toEqual(['#1 127.0.0.1:1 session s1', '#2 127.0.0.1:1 session s2']);
    expect(trace.frames.map((f: { c: number }) => f.c)).toEqual([0, 0, 1]);
  });

  it('keeps the frames of one connection together, and of two apart, by the connection each frame names', () => {
    const on = (connection: number, seq: number) => ({ ...frame({ raw: `{"jsonrpc":"2.0","id":${seq},"method":"ping"}` }), seq, connection });
    const html = renderHtml(
      report([
        // Two evidence items of connection 7 share no frame: only the connection id ties them.
        result({ id: 'protocol.a', status: 'fail', evidence: [{ frames: [on(7, 1)] }, { frames: [on(7, 2)] }] }),
        // Connection 8's frame is the same text at the same seq: still another connection's frame.
        result({ id: 'protocol.b', status: 'fail', evidence: [{ frames: [on(8, 1)] }] }),
      ]),
      { color: false },
    );
    const { trace } = dataOf(html);
    expect(trace.connections).toHaveLength(2);
    expect(trace.frames.map((f: { c: number; seq: number }) => [f.c, f.seq])).toEqual([
      [0, 1],
      [0, 2],
      [1, 1],
    ]);
  });

  it('escapes everything the server said, in the markup and in the data block', () => {
    const attack = '</script><script>alert(1)</script><img src=x onerror=alert(2)>"\'';
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
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(dataOf(html).trace.frames[0].raw).toBe(attack);
    expect(jsonForScript('</script>&\u2028')).toBe('"\\u003c/script\\u003e\\u0026\\u2028"');
  });

  it('stays small for a huge server: frames and text are capped', () => {
    const line = 'x'.repeat(2000);
    const results = Array.from({ length: 200 }, (_, i) =>
      result({
        id: `tools.check-${i}`,
        status: 'fail',
        evidence: Array.from({ length: 20 }, () => ({ frames: [frame({ raw: line })], curl: `curl ${line}` })),
      }),
    );
    results[0]!.evidence[0]!.frames![0]!.raw = 'y'.repeat(500_000);
    const html = renderHtml(report(results), { color: false });
    expect(html.length).toBeLessThan(12_000_000);
    const { trace } = dataOf(html);
    expect(trace.frames.length).toBe(3000);
    expect(trace.omitted).toBe(1000);
    expect(trace.frames[0].raw.length).toBeLessThan(RAW_CHARS_IN_PAGE + 100);
    expect(html).toContain('… and 10 more evidence items (the JSON report has them all)');
  });
});

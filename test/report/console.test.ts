import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../src/report/console.js';
import { applyBaseline } from '../../src/report/baseline.js';
import { frame, mixedReport, report, result } from './fixtures.js';

const ESC = '\u001b';

describe('console reporter', () => {
  it('starts with the target, transport, era, revision and server', () => {
    const [first, second, third] = renderConsole(mixedReport(), { color: false }).split('\n');
    expect(first).toBe('mcpvet 0.1.0 check node examples/notes-server.js (stdio)');
    expect(second).toBe('protocol 2026-07-28 · server notes 1.2.3 · 1.23s');
    expect(third).toBe('era modern: server/discover answered with 2026-07-28');
  });

  it('ends with the counts line in its fixed form', () => {
    const lines = renderConsole(mixedReport(), { color: false }).trimEnd().split('\n');
    expect(lines.at(-1)).toBe('checks: 3 passed, 1 failed, 1 warnings, 2 skipped, 1 errors');
  });

  it('groups by suite with a tally, in suite order, and lists failures, warnings and errors but not passes', () => {
    const out = renderConsole(mixedReport(), { color: false });
    expect(out).toContain('protocol  2 passed, 1 failed');
    expect(out).toContain('tools  1 passed, 1 warnings, 1 errors');
    expect(out.indexOf('protocol  ')).toBeLessThan(out.indexOf('tools  '));
    expect(out).toMatch(/FAIL +protocol\.unsupported-version/);
    expect(out).toMatch(/WARN +tools\.description/);
    expect(out).toMatch(/ERROR +tools\.call-structured/);
    expect(out).not.toContain('protocol.ping');
    expect(out).toContain('The server answered -32600 instead of -32022');
    expect(out).toContain('spec: https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names');
  });

  it('lists passing checks too when verbose', () => {
    expect(renderConsole(mixedReport(), { color: false, verbose: true })).toMatch(/PASS +protocol\.ping/);
  });

  it('shows frames compactly: arrow, kind, HTTP facts, the first 300 characters of raw', () => {
    const long = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'x'.repeat(1000)}"}}`;
    const r = report([
      result({
        id: 'http.post-status',
        status: 'fail',
        evidence: [
          {
            frames: [
              frame({
                direction: 'send',
                raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
                http: { exchange: 1, method: 'POST', url: 'http://127.0.0.1:3000/mcp', headers: {} },
              }),
              frame({ direction: 'receive', raw: long, http: { exchange: 1, method: 'POST', url: 'http://127.0.0.1:3000/mcp', headers: {}, status: 200 } }),
              frame({ direction: 'receive', kind: 'stderr', raw: 'log line' }),
            ],
            curl: "curl -sS -X POST 'http://127.0.0.1:3000/mcp' -d '{}'",
          },
        ],
      }),
    ]);
    const out = renderConsole(r, { color: false });
    expect(out).toContain('→ message POST {"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(out).toContain('← message HTTP 200 {"jsonrpc"');
    expect(out).toContain(`… (+${long.length - 300} chars)`);
    expect(out).not.toContain('x'.repeat(301));
    expect(out).toContain('← stderr log line');
    expect(out).toContain("$ curl -sS -X POST 'http://127.0.0.1:3000/mcp' -d '{}'");
  });

  it('shows the first frames of a long exchange and says how many more there are', () => {
    const frames = Array.from({ length: 10 }, (_, i) => frame({ raw: `{"n":${i}}` }));
    const out = renderConsole(report([result({ id: 'tools.x', status: 'fail', evidence: [{ frames }] })]), { color: false });
    expect(out).toContain('{"n":5}');
    expect(out).not.toContain('{"n":6}');
    expect(out).toContain('4 more frames');
    expect(renderConsole(report([result({ id: 'tools.x', status: 'fail', evidence: [{ frames }] })]), { color: false, verbose: true })).toContain('{"n":9}');
  });

  it('lists skipped checks compactly, one line per reason', () => {
    const out = renderConsole(mixedReport(), { color: false });
    expect(out).toContain('skipped (2)');
    expect(out).toContain('  The server does not declare the resources capability: resources.list-shape, resources.read-unknown');
  });

  it('uses ANSI color only when asked', () => {
    expect(renderConsole(mixedReport(), { color: false })).not.toContain(ESC);
    expect(renderConsole(mixedReport(), { color: true })).toContain(`${ESC}[31m`);
  });

  it('never passes a server escape sequence through to the terminal', () => {
    const hostile = report([
      result({
        id: 'stdio.pollution',
        status: 'fail',
        message: `bad ${ESC}]0;owned${ESC}\\`,
        evidence: [{ frames: [frame({ kind: 'pollution', raw: `${ESC}[2J${ESC}[31mhello` })] }],
      }),
    ]);
    const out = renderConsole(hostile, { color: false });
    expect(out).not.toContain(ESC);
    expect(out).toContain('\\u001b[2J');
  });

  it('shows the baseline verdict: expected failures, regressions and stale entries', () => {
    const r = applyBaseline(mixedReport(), ['protocol.unsupported-version', 'protocol.ping'], 'baseline.yml');
    const out = renderConsole(r, { color: false });
    expect(out).toMatch(/FAIL +protocol\.unsupported-version .*\(expected failure\)/);
    expect(out).toContain('baseline baseline.yml: 1 expected failures');
    expect(out).toMatch(/stale +protocol\.ping passes now: remove it from baseline\.yml/);
    expect(out).toMatch(/unlisted +tools\.description warns/);
  });

  it('says so when no check ran', () => {
    const out = renderConsole(report([]), { color: false });
    expect(out).toContain('no checks ran');
    expect(out.trimEnd().split('\n').at(-1)).toBe('checks: 0 passed, 0 failed, 0 warnings, 0 skipped, 0 errors');
  });
});

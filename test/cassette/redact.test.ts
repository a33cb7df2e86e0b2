import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/cassette/redact.js';

describe('Redactor', () => {
  it('replaces env values, even where JSON escaping hides them, and counts them by name', () => {
    const redactor = new Redactor({ env: { API_SECRET: 'quote"d-secret', SHORT: 'on' } });
    const raw = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'key quote"d-secret and on' } });
    const out = redactor.text(raw);
    expect(out).not.toContain('quote');
    expect(JSON.parse(out).result.text).toBe('key [REDACTED:env] and on');
    expect(redactor.summary()).toEqual([{ kind: 'env', name: 'API_SECRET', count: 1 }]);
  });

  it('replaces credential headers whole and scans the others', () => {
    const redactor = new Redactor();
    const out = redactor.headers({
      Authorization: 'Bearer abc',
      Cookie: 'sid=1',
      'content-type': 'application/json',
      'x-note': 'token sk-abcdefghijklmnopqrstu',
    });
    expect(out).toEqual({
      authorization: '[REDACTED:header]',
      cookie: '[REDACTED:header]',
      'content-type': 'application/json',
      'x-note': 'token [REDACTED:token]',
    });
  });

  it('finds token shapes and secret-named fields; leaves ordinary text alone', () => {
    const redactor = new Redactor();
    const tokens = [
      'Bearer abcdefgh12345678',
      'ghp_' + 'a'.repeat(36),
      'AKIAABCDEFGHIJKLMNOP',
      'xoxb-1234567890-abc',
      'eyJhbGciOi.eyJzdWIiOi.sig',
      'sk_live_' + 'x'.repeat(24),
    ];
    for (const token of tokens) expect(redactor.string(`value ${token} end`)).toMatch(/^value (Bearer )?\[REDACTED:token\] end$/);
    expect(JSON.parse(redactor.text('{"password":"hunter2","name":"hunter2"}'))).toEqual({ password: '[REDACTED:token]', name: 'hunter2' });
    const plain = '{"jsonrpc":"2.0","id":1,"result":{"text":"Milk, eggs, bread. Discussed the MCP 2026-07-28 migration."}}';
    expect(redactor.text(plain)).toBe(plain);
  });

  it('applies --redact patterns to strings and to the raw text, and names them by position only', () => {
    const redactor = new Redactor({ patterns: [/acct-\d+/, /"pin":\d+/] });
    const out = redactor.text('{"note":"acct-123","pin":4321}');
    expect(out).toBe('{"note":"[REDACTED:pattern]",[REDACTED:pattern]}');
    expect(redactor.summary()).toEqual([
      { kind: 'pattern', name: '--redact #1', count: 1 },
      { kind: 'pattern', name: '--redact #2', count: 1 },
    ]);
  });
});

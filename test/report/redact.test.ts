import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/check/types.js';
import { conformanceFiles } from '../../src/report/conformance.js';
import { redactFrame, redactText, redactValue } from '../../src/report/redact.js';
import { getReporter, REPORTER_NAMES } from '../../src/report/types.js';
import { frame, report, result } from './fixtures.js';

/** Not token-shaped on its own: only its context (header, Bearer, key=, query) gives it away. */
const CANARY = 'canary7f3a9c2e';
/** Looks like nothing at all; only the caller's list of secrets can catch it. */
const PLAIN = 'plainvalue4242';

function secretReport(): RunReport {
  const url = 'http://127.0.0.1:3000/mcp';
  return report(
    [
      result({
        id: 'http.auth',
        status: 'fail',
        message: `Request with Authorization: Bearer ${CANARY} was refused`,
        evidence: [
          {
            frames: [
              frame({
                direction: 'send',
                raw: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"login","arguments":{"password":"${CANARY}","apiKey":"${CANARY}","user":"${PLAIN}"}}}`,
                message: {
                  jsonrpc: '2.0',
                  id: 1,
                  method: 'tools/call',
                  params: { name: 'login', arguments: { password: CANARY, apiKey: CANARY, user: PLAIN } },
                },
                http: {
                  exchange: 1,
                  method: 'POST',
                  url: `${url}?access_token=${CANARY}`,
                  headers: { authorization: `Bearer ${CANARY}`, cookie: `sid=${CANARY}`, 'x-custom': PLAIN },
                },
              }),
              frame({
                direction: 'receive',
                raw: `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"token=${CANARY} see ${url}?key=${CANARY}"}]}}`,
                http: { exchange: 1, method: 'POST', url, headers: { 'set-cookie': `sid=${CANARY}; HttpOnly` }, status: 200 },
              }),
              frame({ direction: 'local', kind: 'error', raw: `connect failed for ${url}?sig=${CANARY}`, detail: { token: CANARY } }),
            ],
            curl: `curl -sS -X POST '${url}?api_key=${CANARY}' -H 'Authorization: Bearer ${CANARY}' -H 'Cookie: sid=${CANARY}' -H 'X-Custom: ${PLAIN}'`,
            note: `sent header Authorization: Basic ${CANARY}`,
          },
        ],
      }),
    ],
    { target: `${url}?token=${CANARY}` },
  );
}

describe('no secret reaches any output', () => {
  for (const name of REPORTER_NAMES) {
    it(`${name}`, async () => {
      const reporter = await getReporter(name);
      const input = secretReport();
      // The fixture really holds the secrets (so this test can fail).
      expect(JSON.stringify(input)).toContain(CANARY);
      for (const verbose of [false, true]) {
        const out = reporter.render(input, { color: false, verbose, secrets: [PLAIN] });
        expect(out).not.toContain(CANARY);
        expect(out).not.toContain(PLAIN);
        expect(out).toContain('REDACTED');
      }
    });
  }

  it('conformance checks.json', () => {
    for (const file of conformanceFiles(secretReport(), { secrets: [PLAIN] })) {
      expect(file.content).not.toContain(CANARY);
      expect(file.content).not.toContain(PLAIN);
    }
  });

  it('without the caller secret list, values that do not look secret stay (that is what the list is for)', async () => {
    const out = (await getReporter('json')).render(secretReport(), { color: false });
    expect(out).not.toContain(CANARY);
    expect(out).toContain(PLAIN);
  });
});

describe('redactText', () => {
  it('masks credentials by context', () => {
    expect(redactText(`-H 'Authorization: Bearer ${CANARY}'`)).toBe(`-H 'Authorization: REDACTED'`);
    expect(redactText(`Cookie: a=${CANARY}`)).toBe('Cookie: REDACTED');
    expect(redactText(`{"Authorization":"Token ${CANARY}"}`)).toBe('{"Authorization":"REDACTED"}');
    expect(redactText(`{"access_token":"${CANARY}","expires_in":3600}`)).toBe('{"access_token":"REDACTED","expires_in":3600}');
    expect(redactText(`https://h.example/cb?code=${CANARY}&state=1`)).toBe('https://h.example/cb?REDACTED');
    expect(redactText(`https://user:${CANARY}@h.example/`)).toBe('https://h.example/');
    expect(redactText(`node server.js --api-key ${CANARY}`)).toBe('node server.js --api-key REDACTED');
  });

  it('masks token-shaped strings', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(redactText(`id ${jwt} end`)).toBe('id REDACTED end');
    expect(redactText('key sk-proj-abcdefghijklmnop1234 end')).toBe('key REDACTED end');
    expect(redactText('ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe('REDACTED');
    expect(redactText('AKIAABCDEFGHIJKLMNOP')).toBe('REDACTED');
    expect(redactText('aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6kL9nP2')).toBe('REDACTED');
  });

  it('keeps what is evidence, not a credential', () => {
    const keep = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"progressToken":42},"cursor":"abc"}}',
      'WWW-Authenticate: Bearer resource_metadata="http://127.0.0.1:3000/.well-known/oauth-protected-resource"',
      'the server requires a Bearer token',
      'missing authorization: the server answered 401',
      'session 3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a3b',
      'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      '{"inputSchema":{"type":"object","properties":{"token":{"type":"string"}}}}',
      'http://127.0.0.1:3000/mcp',
    ];
    for (const text of keep) expect(redactText(text)).toBe(text);
  });

  it('is idempotent', () => {
    const once = redactText(`Authorization: Bearer ${CANARY} token=${CANARY} http://h/?q=${CANARY}`);
    expect(redactText(once)).toBe(once);
  });

  it('masks literal secrets given by the caller, ignoring trivially short ones', () => {
    expect(redactText(`x ${PLAIN} y`, { secrets: [PLAIN] })).toBe('x REDACTED y');
    expect(redactText('a 1 b', { secrets: ['1'] })).toBe('a 1 b');
  });
});

describe('redactValue and redactFrame', () => {
  it('masks credential-named keys and scrubs strings, leaving structure', () => {
    expect(redactValue({ password: 'x', nested: [{ apiKey: 5, note: `Bearer ${CANARY}` }], schema: { token: { type: 'string' } } })).toEqual({
      password: 'REDACTED',
      nested: [{ apiKey: 'REDACTED', note: 'Bearer REDACTED' }],
      schema: { token: { type: 'string' } },
    });
  });

  it('masks credential headers whole and the URL query string, and does not touch the input', () => {
    const input = frame({
      http: {
        exchange: 1,
        method: 'POST',
        url: `http://h/mcp?t=${CANARY}`,
        headers: { authorization: 'Basic abc', 'mcp-session-id': 's-1', 'content-type': 'application/json' },
      },
    });
    const out = redactFrame(input);
    expect(out.http).toEqual({
      exchange: 1,
      method: 'POST',
      url: 'http://h/mcp?REDACTED',
      headers: { authorization: 'REDACTED', 'mcp-session-id': 's-1', 'content-type': 'application/json' },
    });
    expect(input.http!.headers.authorization).toBe('Basic abc');
  });
});

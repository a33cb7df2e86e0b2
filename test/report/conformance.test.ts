import { describe, expect, it } from 'vitest';
import { conformanceFiles, type ConformanceCheck } from '../../src/report/conformance.js';
import { mixedReport } from './fixtures.js';

const STATUSES = ['SUCCESS', 'FAILURE', 'WARNING', 'SKIPPED', 'INFO'];
const KEYS = ['id', 'name', 'description', 'status', 'timestamp', 'specReferences', 'details', 'metadata', 'errorMessage', 'logs'];

/** The official ConformanceCheck (modelcontextprotocol/conformance src/types.ts), checked field by field. */
function assertConformanceCheck(check: Record<string, unknown>): void {
  for (const key of Object.keys(check)) expect(KEYS).toContain(key);
  for (const key of ['id', 'name', 'description', 'timestamp']) expect(typeof check[key]).toBe('string');
  expect(STATUSES).toContain(check.status);
  expect(Number.isNaN(Date.parse(check.timestamp as string))).toBe(false);
  if (check.errorMessage !== undefined) expect(typeof check.errorMessage).toBe('string');
  if (check.details !== undefined) expect(typeof check.details).toBe('object');
  for (const ref of (check.specReferences as { id: unknown; url?: unknown }[]) ?? []) {
    expect(typeof ref.id).toBe('string');
    if (ref.url !== undefined) expect(String(ref.url)).toMatch(/^https:\/\//);
  }
}

describe('conformance checks.json', () => {
  it('writes one server-<suite>/checks.json per suite, each a JSON array of ConformanceCheck', () => {
    const files = conformanceFiles(mixedReport());
    expect(files.map((f) => f.path)).toEqual(['server-protocol/checks.json', 'server-tools/checks.json', 'server-resources/checks.json']);
    for (const file of files) {
      const checks = JSON.parse(file.content);
      expect(Array.isArray(checks)).toBe(true);
      for (const check of checks) assertConformanceCheck(check);
    }
  });

  it('maps statuses (error becomes FAILURE, keeping mcpvet status in details) and carries the message and spec', () => {
    const all: ConformanceCheck[] = conformanceFiles(mixedReport()).flatMap((f) => JSON.parse(f.content));
    const byId = (id: string) => all.find((c) => c.id === id)!;
    expect(byId('protocol.ping')).toMatchObject({ status: 'SUCCESS', name: 'Title of protocol.ping', timestamp: '2026-08-01T10:00:00.000Z' });
    expect(byId('protocol.ping').errorMessage).toBeUndefined();
    expect(byId('protocol.unsupported-version')).toMatchObject({ status: 'FAILURE', errorMessage: expect.stringContaining('-32022') });
    expect(byId('protocol.unsupported-version').details!.evidence).toBeDefined();
    expect(byId('tools.description').status).toBe('WARNING');
    expect(byId('resources.list-shape')).toMatchObject({ status: 'SKIPPED', errorMessage: 'The server does not declare the resources capability.' });
    expect(byId('tools.call-structured')).toMatchObject({
      status: 'FAILURE',
      details: { mcpvetStatus: 'error' },
      errorMessage: expect.stringMatching(/^check could not run: /),
    });
    expect(byId('protocol.ping').specReferences).toEqual([
      { id: 'server/tools#tool-names', url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names' },
    ]);
  });

  it('the shape check rejects a check the official tooling would not read', () => {
    expect(() => assertConformanceCheck({ id: 'x', name: 'x', description: 'x', status: 'PASSED', timestamp: 'now' })).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { specUrl } from '../../src/report/summary.js';

describe('specUrl', () => {
  it('links a page of the negotiated revision', () => {
    expect(specUrl('server/tools#tool-names', '2026-07-28')).toBe('https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names');
  });
  it('keeps a revision the spec names itself, and absolute URLs', () => {
    expect(specUrl('2025-11-25/basic/transports#session-management', '2025-06-18')).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#session-management',
    );
    expect(specUrl('https://example.com/x', '2026-07-28')).toBe('https://example.com/x');
  });
  it('falls back to latest when the version is not a revision date', () => {
    expect(specUrl('basic#results', '')).toBe('https://modelcontextprotocol.io/specification/latest/basic#results');
  });
});

// Secret shapes and planted canaries in server text, found by place and never shown whole.
import { describe, expect, it } from 'vitest';
import { describeSecret, findSecrets } from '../../src/scan/secrets.js';

describe('findSecrets', () => {
  it('finds provider key shapes, JWTs, private keys and connection strings with a password', () => {
    const text = [
      'token ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc',
      'db postgres://app:hunter22@db.internal:5432/app',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----',
    ].join('\n');
    expect(findSecrets(text).map((m) => m.kind)).toEqual(['github-token', 'jwt', 'connection-string', 'private-key']);
  });

  it('finds every occurrence of a planted canary', () => {
    const canary = 'mcpvet-canary-7f3a9c';
    const matches = findSecrets(`a ${canary} b ${canary}`, [canary]);
    expect(matches.map((m) => [m.kind, m.start])).toEqual([
      ['canary', 2],
      ['canary', 25],
    ]);
  });

  it('stays quiet on ordinary text, URLs without a password and ids', () => {
    expect(findSecrets('see https://example.com/docs?q=1, id 550e8400-e29b-41d4-a716-446655440000, user@example.com')).toEqual([]);
  });

  it('describes a match without its value', () => {
    const text = 'key ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const [match] = findSecrets(text);
    expect(describeSecret(text, match!)).toBe('github-token at 4 (ghp_…, 40 chars)');
  });
});

// Secret shapes and planted canaries in server text, found by place and never shown whole.
import { describe, expect, it } from 'vitest';
import { describeSecret, findSecrets, findSecretsInJson } from '../../src/scan/secrets.js';

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

describe('findSecrets: credential-named values', () => {
  it('finds a generated value assigned to a credential-named variable', () => {
    const text = 'DEBUG=1\nSTRIPE_SECRET=Xq7vP2mL9rT4wZ8kB3nC\nAPP_PASSWORD: "h7Gk2Lp9Qz4Rm8Tx"';
    expect(findSecrets(text).map((m) => [m.kind, text.slice(m.start, m.end)])).toEqual([
      ['credential-assignment', 'Xq7vP2mL9rT4wZ8kB3nC'],
      ['credential-assignment', 'h7Gk2Lp9Qz4Rm8Tx'],
    ]);
  });

  it('ignores the example keys documentation shows', () => {
    const text = [
      'connect with postgresql://user:password@localhost:5432/mydb',
      'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
      'OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxx',
      'header: ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----',
      '{"progress_token": "a8Fk29xLq0Zp", "next_page_token": "Qm9vA8fK2lXz"}',
    ].join('\n');
    expect(findSecrets(text)).toEqual([]);
  });

  it('finds a credential assigned in JSON text', () => {
    const text = '{"client_secret": "Xq7vP2mL9rT4wZ8kB3nC"}';
    expect(findSecrets(text).map((m) => m.kind)).toEqual(['credential-assignment']);
  });

  it('ignores placeholders, prose and short values after a credential word', () => {
    expect(findSecrets('API_KEY=<your-key-here>; PASSWORD=********; password: must be 12 characters; TOKEN=$TOKEN')).toEqual([]);
  });

  it('describes a value of no public shape without any of its characters', () => {
    const text = 'DB_PASSWORD=h7Gk2Lp9Qz4Rm8Tx';
    expect(describeSecret(text, findSecrets(text)[0]!)).toBe('credential-assignment at 12 (16 chars)');
  });
});

describe('findSecretsInJson', () => {
  it('finds shapes and credential fields with their JSON pointer', () => {
    const value = {
      content: [{ type: 'text', text: 'key ghp_abcdefghijklmnopqrstuvwxyz0123456789' }],
      structuredContent: { db: { password: 'Zk4#pQ9m!Lr2' } },
    };
    expect(findSecretsInJson(value, [], '/result').map((s) => [s.pointer, s.match.kind])).toEqual([
      ['/result/content/0/text', 'github-token'],
      ['/result/structuredContent/db/password', 'credential-field'],
    ]);
  });

  it('does not flag ids, hashes, UUIDs, cursors, requestState, base64 media or a password field with a placeholder', () => {
    const random = 'sk_' + 'a1B2c3D4e5F6g7H8i9J0'.repeat(3);
    const value = {
      id: 'n_8f3kQ2pX7vL9',
      uuid: '550e8400-e29b-41d4-a716-446655440000',
      sha: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
      etag: '"33a64df551425fcc55e4d42a148795d9f25f89d4"',
      nextCursor: random,
      requestState: 'eyJhbGciOiJIUzI1NiJ9.eyJzdGF0ZSI6MX0.c2ln',
      content: [{ type: 'image', mimeType: 'image/png', data: `iVBORw0KGgo${'sk_live_AbCdEfGhIjKlMnOpQrSt'.repeat(60)}` }],
      password: '********',
      token: 'Ab3dEf6hIj9lMn2pQr5t',
    };
    expect(findSecretsInJson(value)).toEqual([]);
  });

  it('finds a planted canary even in opaque state', () => {
    expect(findSecretsInJson({ nextCursor: 'page-cnry42ab' }, ['cnry42ab']).map((s) => s.match.kind)).toEqual(['canary']);
  });
});

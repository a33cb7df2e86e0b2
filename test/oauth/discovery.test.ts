/**
 * Discovery as the spec orders it, against a small resource server and authorization server
 * metadata served from this process, each variant breaking one rule: the 401's resource_metadata
 * wins over the well-known URIs; the well-known URIs go path-inserted first, then the root; an
 * issuer with a path is looked up RFC 8414 first, then OIDC path-inserted; a document whose issuer
 * or resource is not the expected one, or an AS without PKCE S256, is refused before any browser.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, runCli } from '../helpers/run.js';

interface Variant {
  /** resource_metadata in the 401 challenge. */
  named?: boolean;
  issuerPath?: string;
  wrongIssuer?: boolean;
  noS256?: boolean;
  otherResource?: boolean;
  /** The authorization endpoint given instead of this server's own. */
  authorizationEndpoint?: string;
  /** The resource metadata padded past the 1 MiB a document may take. */
  hugeDocument?: boolean;
}

describe('auth login discovery order and refusals', () => {
  let server: Server;
  let origin: string;
  let variant: Variant = {};
  const requested: string[] = [];
  let home: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0] as string;
      requested.push(`${req.method} ${path}`);
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const issuer = `${origin}${variant.issuerPath ?? ''}`;
      if (req.method === 'POST' && path === '/mcp') {
        const named = variant.named ? `, resource_metadata="${origin}/custom/prm"` : '';
        res.writeHead(401, { 'www-authenticate': `Bearer scope="notes:read"${named}` }).end();
        return;
      }
      const prmPath = variant.named ? '/custom/prm' : '/.well-known/oauth-protected-resource';
      const padding = variant.hugeDocument ? { padding: 'x'.repeat(2 * 1024 * 1024) } : {};
      if (path === prmPath) return json({ resource: variant.otherResource ? `${origin}/other` : `${origin}/mcp`, authorization_servers: [issuer], ...padding });
      const asPath = variant.issuerPath ? `/.well-known/openid-configuration${variant.issuerPath}` : '/.well-known/oauth-authorization-server';
      if (path === asPath) {
        return json({
          issuer: variant.wrongIssuer ? `${issuer}/elsewhere` : issuer,
          authorization_endpoint: variant.authorizationEndpoint ?? `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: variant.noS256 ? ['plain'] : ['S256'],
        });
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    requested.length = 0;
    home = mkdtempSync(join(tmpdir(), 'mcpvet-oauth-discovery-'));
    return () => rmSync(home, { recursive: true, force: true });
  });

  async function loginRun() {
    const port = await closedPort();
    return runCli(
      ['auth', 'login', '--url', `${origin}/mcp`, '--client-id', 'pre-registered', '--no-browser', '--wait', '300', '--callback-port', String(port)],
      {
        env: { XDG_CONFIG_HOME: home, DISPLAY: '', WAYLAND_DISPLAY: '', MCPVET_TOKEN_STORE: 'file' },
      },
    );
  }
  const gets = () => requested.filter((line) => line.startsWith('GET ')).map((line) => line.slice(4));

  it('well-known URIs: path-inserted first, then the root; RFC 8414 then OIDC for an issuer with a path', async () => {
    variant = { issuerPath: '/tenant' };
    const run = await loginRun();
    expect(run.code).toBe(3); // nobody came back within --wait
    expect(gets()).toEqual([
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-authorization-server/tenant',
      '/.well-known/openid-configuration/tenant',
    ]);
    const url = new URL(/^ {2}(http:\/\/\S+)$/m.exec(run.stderr)?.[1] as string);
    expect(url.pathname).toBe('/authorize');
    expect(url.searchParams.get('client_id')).toBe('pre-registered');
    expect(url.searchParams.get('resource')).toBe(`${origin}/mcp`);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')).toBe('notes:read');
    expect(run.stderr).toContain('no authorization response for this login reached the callback');
  });

  it("the 401's resource_metadata is used, and the well-known URIs are not tried", async () => {
    variant = { named: true };
    const run = await loginRun();
    expect(run.stderr).toContain('Open this URL');
    expect(gets()).toEqual(['/custom/prm', '/.well-known/oauth-authorization-server']);
  });

  it.each([
    ['an issuer that is not the one the URL was built from', { wrongIssuer: true }, /no authorization server metadata for .*issuer/],
    ['no PKCE S256', { noS256: true }, /does not advertise PKCE S256/],
    ['metadata for another resource', { otherResource: true }, /the metadata's resource .*\/other" is not .*\/mcp; refused/],
    [
      'a plain-http authorization endpoint off loopback',
      { authorizationEndpoint: 'http://auth.example.com/authorize' },
      /http:\/\/auth\.example\.com\/? is not HTTPS/,
    ],
    ['a javascript: authorization endpoint', { authorizationEndpoint: 'javascript:alert(1)' }, /names a non-http\(s\) endpoint; refused/],
    ['a metadata document past 1 MiB', { hugeDocument: true }, /no Protected Resource Metadata for .*more than 1048576 bytes/],
  ] as const)('refuses %s before any browser', async (_name, broken, message) => {
    variant = broken;
    const run = await loginRun();
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toContain('Open this URL');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

// The SSRF canary listener records the server's fetches of the URL mcpvet gave, and nothing a browser or a foreign Host sends.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startCanaryServer, type CanaryServer } from '../../src/check/probes/security/canary-server.js';

function get(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/probe', headers, timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

describe('canary listener', () => {
  let canary: CanaryServer | undefined;
  afterEach(async () => {
    await canary?.close();
  });

  it('records a fetch of its own address', async () => {
    canary = await startCanaryServer();
    expect(await get(canary.port, { host: `127.0.0.1:${canary.port}` })).toBe(200);
    expect(canary.requests.map((r) => r.path)).toEqual(['/probe']);
  });

  it('refuses (421) and does not record a foreign Host or a request with an Origin', async () => {
    canary = await startCanaryServer();
    expect(await get(canary.port, { host: 'attacker.example' })).toBe(421);
    expect(await get(canary.port, { host: `127.0.0.1:${canary.port}`, origin: 'https://evil.example' })).toBe(421);
    expect(canary.requests).toEqual([]);
  });
});

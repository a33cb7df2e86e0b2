/**
 * The loopback redirect target of a login: http://127.0.0.1:PORT/oauth/callback, listening on
 * 127.0.0.1 only. A request whose Host is not that address is refused (DNS rebinding: a page whose
 * name resolves to 127.0.0.1 would carry its own name), as is any path but the callback's. Only a
 * response carrying the exact `state` of this login ends the wait: any page can send the browser
 * to the callback, and must not end a login in progress. The caller still checks state and iss.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuthFailure } from './errors.js';

export { DEFAULT_CALLBACK_PORT } from './defaults.js';

export const CALLBACK_PATH = '/oauth/callback';
const CALLBACK_HOST = '127.0.0.1';

export interface CallbackServer {
  redirectUri: string;
  /** The query of the callback request that carries `state`; rejects after `timeoutMs`. */
  wait(timeoutMs: number, state: string): Promise<URLSearchParams>;
  /** The page the browser shows once the caller knows the outcome. */
  finish(ok: boolean, text: string): void;
  close(): Promise<void>;
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')}</p></body></html>`;

export async function startCallbackServer(port: number): Promise<CallbackServer> {
  let deliver: ((params: URLSearchParams) => void) | undefined;
  let pending: { ok: boolean; text: string } | undefined;
  const waiting: ((result: { ok: boolean; text: string }) => void)[] = [];
  const received = new Promise<URLSearchParams>((resolve) => {
    deliver = resolve;
  });
  let done = false;
  let expectedState: string | undefined;
  let refused = 0;
  let actualPort = port;

  const server: Server = createServer((req, res) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (host !== `${CALLBACK_HOST}:${actualPort}`) {
      res
        .writeHead(421, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Misdirected request: this callback answers only at ${CALLBACK_HOST}:${actualPort}\n`);
      return;
    }
    const url = new URL(req.url ?? '/', `http://${CALLBACK_HOST}:${actualPort}`);
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (done || expectedState === undefined || url.searchParams.get('state') !== expectedState) {
      if (!done && expectedState !== undefined) refused++;
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('This is not the awaited authorization response\n');
      return;
    }
    done = true;
    const answer = (result: { ok: boolean; text: string }) =>
      res
        .writeHead(result.ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
        .end(page(result.ok ? 'mcpvet: authorized' : 'mcpvet: authorization failed', result.text));
    if (pending) answer(pending);
    else waiting.push(answer);
    deliver?.(url.searchParams);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new OAuthFailure(
          error.code === 'EADDRINUSE'
            ? `the callback port ${port} on ${CALLBACK_HOST} is in use; choose another with --callback-port`
            : `cannot listen on ${CALLBACK_HOST}:${port} for the callback: ${error.message}`,
          'usage',
        ),
      ),
    );
    server.listen(port, CALLBACK_HOST, () => resolve());
  });
  actualPort = (server.address() as AddressInfo).port;

  return {
    redirectUri: `http://${CALLBACK_HOST}:${actualPort}${CALLBACK_PATH}`,
    wait(timeoutMs, state) {
      expectedState = state;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const others = refused > 0 ? ` (${refused} request(s) with another state were refused)` : '';
          reject(
            new OAuthFailure(
              `no authorization response for this login reached the callback within ${Math.round(timeoutMs / 1000)} s${others}; the login was abandoned`,
            ),
          );
        }, timeoutMs);
      });
      return Promise.race([received, timeout]).finally(() => clearTimeout(timer));
    },
    finish(ok, text) {
      pending = { ok, text };
      for (const answer of waiting.splice(0)) answer(pending);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * CLI of the example server:
 *   node dist/examples/notes-server.js [--http] [--port N] [--host 127.0.0.1]
 *     [--era dual|modern|legacy] [--data FILE] [--page-size N] [--auth] [--auth-issuer URL] [--no-tasks]
 *   --auth-issuer: bearer auth with JWT access tokens of that authorization server (jwt-auth.ts)
 * stdio by default (stdout carries only JSON-RPC). Logs go to stderr.
 */
import { parseArgs } from 'node:util';
import { bearerAuth, createNotesServer, serveHttp, serveStdio, type EraMode } from './index.js';
import { jwtAuth } from './jwt-auth.js';

function fail(message: string): never {
  process.stderr.write(`notes-server: ${message}\n`);
  process.exit(1);
}

function parseCli(): {
  http: boolean;
  port: number;
  host: string;
  era: EraMode;
  dataFile?: string;
  pageSize: number;
  auth: boolean;
  authIssuer?: string;
  tasks: boolean;
} {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        http: { type: 'boolean', default: false },
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        era: { type: 'string', default: 'dual' },
        data: { type: 'string' },
        'page-size': { type: 'string', default: '3' },
        auth: { type: 'boolean', default: false },
        'auth-issuer': { type: 'string' },
        'no-tasks': { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  const port = Number(values.port);
  const pageSize = Number(values['page-size']);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0..65535, got ${values.port}`);
  if (!Number.isInteger(pageSize) || pageSize < 1) fail(`--page-size must be a positive integer, got ${values['page-size']}`);
  if (!['dual', 'modern', 'legacy'].includes(values.era!)) fail(`--era must be dual, modern or legacy, got ${values.era}`);
  if ((values.auth || values['auth-issuer'] !== undefined) && !values.http) fail('--auth applies to --http (stdio takes credentials from the environment)');
  if (values['auth-issuer'] !== undefined && !/^https?:\/\/\S+$/.test(values['auth-issuer']))
    fail(`--auth-issuer takes the issuer URL, got ${values['auth-issuer']}`);
  return {
    http: values.http!,
    port,
    host: values.host!,
    era: values.era as EraMode,
    dataFile: values.data,
    pageSize,
    auth: values.auth!,
    authIssuer: values['auth-issuer'],
    tasks: !values['no-tasks'],
  };
}

const cli = parseCli();
const server = createNotesServer({ era: cli.era, dataFile: cli.dataFile, pageSize: cli.pageSize, tasks: cli.tasks });
let shutdown: () => Promise<void> = async () => undefined;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    const timer = setTimeout(() => process.exit(0), 1000); // never hang on the way out
    timer.unref();
    void shutdown().finally(() => process.exit(0));
  });
}

if (cli.http) {
  try {
    const auth = cli.authIssuer ? jwtAuth(cli.authIssuer) : cli.auth ? bearerAuth({ secret: process.env.NOTES_AUTH_SECRET }) : undefined;
    const handle = await serveHttp(server, { host: cli.host, port: cli.port, auth });
    shutdown = handle.close;
    process.stderr.write(`notes-server listening on ${handle.url}\n`);
  } catch (err) {
    fail(`cannot listen on ${cli.host}:${cli.port}: ${(err as Error).message}`);
  }
} else {
  process.stdout.on('error', () => process.exit(0)); // the client went away
  void serveStdio(server).done.then(() => process.exit(0));
}

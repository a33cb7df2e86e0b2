/** Flags of `mcpvet auth login|status|logout`; the runner is imported only when a command runs. */
import { Option, type Command } from 'commander';
import { usageError } from './cli-error.js';
import { parseMilliseconds, parseTimeout } from './target-options.js';
import { DEFAULT_CALLBACK_PORT, DEFAULT_LOGIN_WAIT_MS, DEFAULT_OAUTH_TIMEOUT_MS } from '../oauth/defaults.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(port) || port < 0 || port > 65535)
    throw usageError(`--callback-port takes a port from 0 to 65535 (0: any free one), not "${value.slice(0, 40)}"`);
  return port;
}

export function defineAuthCommand(program: Command): void {
  const auth = program.command('auth').description('OAuth for HTTP servers: log in once, and every command uses the stored token');

  auth
    .command('login')
    .description('authorize mcpvet for a server (authorization code + PKCE in a browser) and store the tokens')
    .option('--url <url>', 'Streamable HTTP endpoint of the server (required)')
    .option('--client-id <id>', 'a client registered in advance (else dynamic registration)')
    .option('--scope <scopes>', "scopes to ask for, space-separated (default: the server's 401 challenge, else its scopes_supported)")
    .option('--callback-port <port>', 'port of the loopback redirect http://127.0.0.1:PORT/oauth/callback', parsePort, DEFAULT_CALLBACK_PORT)
    .option('--no-browser', 'only print the authorization URL')
    .option('--wait <ms>', 'how long to wait for the browser to come back', (value: string) => parseMilliseconds('--wait', value), DEFAULT_LOGIN_WAIT_MS)
    .option('--timeout <ms>', 'timeout of each HTTP request in milliseconds', parseTimeout, DEFAULT_OAUTH_TIMEOUT_MS)
    .action(async (flags) => {
      const { runLogin } = await import('../oauth/auth-runner.js');
      process.exitCode = await runLogin(flags);
    });

  auth
    .command('status')
    .description('list the servers with stored tokens: scopes and expiry (never the tokens)')
    .option('--url <url>', 'only this server')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (flags) => {
      const { runStatus } = await import('../oauth/auth-runner.js');
      process.exitCode = await runStatus(flags);
    });

  auth
    .command('logout')
    .description("forget a server's stored tokens (--url), or every server's (--all)")
    .option('--url <url>', 'the server')
    .option('--all', 'every server')
    .option('--no-revoke', 'only forget the tokens; do not revoke them at the authorization server')
    .option('--timeout <ms>', 'timeout of each HTTP request in milliseconds', parseTimeout, DEFAULT_OAUTH_TIMEOUT_MS)
    .action(async (flags) => {
      const { runLogout } = await import('../oauth/auth-runner.js');
      process.exitCode = await runLogout(flags);
    });
}

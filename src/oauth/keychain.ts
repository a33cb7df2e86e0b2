/**
 * The OS keychain, where one is available: on Linux the Secret Service (GNOME Keyring, KWallet)
 * through libsecret's `secret-tool`, which reads the secret from stdin, so it never appears in a
 * process list. `MCPVET_TOKEN_STORE=file` keeps tokens in the 0600 file instead (containers, CI);
 * `MCPVET_TOKEN_STORE=keychain` refuses to fall back. macOS's `security` takes a secret only on
 * its command line (visible to every local user), so macOS keeps the file for now.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface Vault {
  /** For messages: "the keychain (libsecret)". */
  readonly name: string;
  get(key: string): string | undefined;
  set(key: string, secret: string): void;
  delete(key: string): void;
}

const SERVICE = 'mcpvet-oauth';
/** A keychain that does not answer (locked, prompting, no daemon) must not hang a command. */
const TIMEOUT_MS = 5000;

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

function libsecret(tool: string, env: NodeJS.ProcessEnv): Vault {
  const run = (args: string[], input?: string): string =>
    execFileSync(tool, args, { input: input ?? '', env, timeout: TIMEOUT_MS, stdio: ['pipe', 'pipe', 'pipe'], encoding: 'utf8' });
  return {
    name: 'the keychain (libsecret)',
    get(key) {
      try {
        const secret = run(['lookup', 'service', SERVICE, 'resource', key]);
        return secret === '' ? undefined : secret;
      } catch {
        return undefined;
      }
    },
    set(key, secret) {
      run(['store', '--label', `mcpvet OAuth tokens for ${key}`, 'service', SERVICE, 'resource', key], secret);
    },
    delete(key) {
      try {
        run(['clear', 'service', SERVICE, 'resource', key]);
      } catch {
        // Already gone.
      }
    },
  };
}

/** The keychain to use, or undefined for the file; throws when `keychain` was asked for and none exists. */
export function systemVault(env: NodeJS.ProcessEnv = process.env): Vault | undefined {
  const choice = env.MCPVET_TOKEN_STORE;
  if (choice === 'file') return undefined;
  const tool = process.platform === 'linux' && env.DBUS_SESSION_BUS_ADDRESS ? onPath('secret-tool', env) : undefined;
  if (tool) return libsecret(tool, env);
  if (choice === 'keychain')
    throw new Error('MCPVET_TOKEN_STORE=keychain, but no keychain is available (Linux: secret-tool and a D-Bus session with a Secret Service)');
  return undefined;
}

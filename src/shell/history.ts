/**
 * Command history kept per server, in the user's config folder:
 * $XDG_CONFIG_HOME/mcpvet/history/<hash of the target> (default ~/.config). The hash covers how the
 * server is reached (command, arguments and folder; or the URL without its query), never env or
 * header values. Lines are redacted before they are written: a secret value the user gave
 * (a header, an env value), token-shaped strings and key=value credentials never reach the file.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { redactText } from '../report/redact.js';
import { redactUrl, type Target } from '../wire/target.js';

/** Lines kept; the file is trimmed to this when it has grown to twice as many. */
export const HISTORY_SIZE = 500;

export interface ShellHistory {
  readonly file: string;
  /** Most recent first, as readline takes them. */
  readonly lines: string[];
  add(line: string): void;
}

export function historyFile(target: Target, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.XDG_CONFIG_HOME;
  const base = configured && isAbsolute(configured) ? configured : join(homedir(), '.config');
  return join(base, 'mcpvet', 'history', targetKey(target));
}

/** A stable name for the server: what reaches it, not the secrets it is given. */
export function targetKey(target: Target): string {
  const identity =
    target.transport === 'stdio' ? ['stdio', resolve(target.cwd ?? process.cwd()), target.command, ...target.args] : ['http', redactUrl(target.url)];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 24);
}

/** Opens (or starts) the history of a target; a file that cannot be read or written only warns once. */
export function openHistory(target: Target, warn: (line: string) => void): ShellHistory {
  const file = historyFile(target);
  let stored: string[] = [];
  try {
    stored = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(`history: cannot read ${file}: ${(error as Error).message}`);
  }
  let writable = true;
  const write = (action: () => void) => {
    if (!writable) return;
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      action();
    } catch (error) {
      writable = false;
      warn(`history: cannot write ${file}: ${(error as Error).message}`);
    }
  };
  if (stored.length > 2 * HISTORY_SIZE) {
    stored = stored.slice(-HISTORY_SIZE);
    write(() => writeFileSync(file, stored.join('\n') + '\n', { mode: 0o600 }));
  }
  const lines = stored.slice(-HISTORY_SIZE).reverse();
  return {
    file,
    lines,
    add(line) {
      const safe = redactText(line).replace(/[\r\n]/g, ' ');
      write(() => appendFileSync(file, safe + '\n', { mode: 0o600 }));
    },
  };
}

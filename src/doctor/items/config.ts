/**
 * The config file, as a person checks it first: JSON syntax, the server entry's shape, the command
 * on PATH, and relative paths (a host resolves them against its own working directory, not yours).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { isObject } from '../../protocol/jsonrpc.js';
import { type DoctorItem, item } from '../types.js';

export interface ConfigEntry {
  file: string;
  name: string;
  /** The entry as written. */
  entry: Record<string, unknown>;
  serverCount: number;
}

/** Where a JSON text stops parsing, as 1-based line and column (from the parser's character position). */
export function jsonErrorPosition(text: string, error: Error): { line: number; column: number } | undefined {
  const at = /at position (\d+)/.exec(error.message);
  const position = at ? Number(at[1]) : /end of JSON input/i.test(error.message) ? text.length : undefined;
  if (position === undefined) return undefined;
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return { line, column: position - before.lastIndexOf('\n') };
}

export function syntaxItem(config: ConfigEntry): DoctorItem {
  return item('config.syntax', 'the config file is valid JSON', 'pass', `${config.file} is valid JSON with ${config.serverCount} server(s) under "mcpServers"`);
}

/** What a wrong env or header value is, never the value: it may be a credential. */
const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

/** The entry's shape: stdio (`command`, `args`, `env`, `cwd`) or HTTP (`url`, `headers`). */
export function entryItem(config: ConfigEntry): DoctorItem {
  const { entry, name } = config;
  const problems: string[] = [];
  const strings = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) problems.push(`"${key}" must be an array of strings`);
    else value.forEach((element, index) => typeof element !== 'string' && problems.push(`${key}[${index}] must be a string, not ${JSON.stringify(element)}`));
  };
  const record = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (!isObject(value)) problems.push(`"${key}" must be an object of strings`);
    else
      for (const [k, v] of Object.entries(value))
        if (typeof v !== 'string') problems.push(`${key}.${k} must be a string (hosts pass env values as text), not ${kindOf(v)}`);
  };
  const hasCommand = 'command' in entry;
  const hasUrl = 'url' in entry;
  if (hasCommand && hasUrl) problems.push('it has both "command" (stdio) and "url" (HTTP): give one');
  else if (hasCommand) {
    if (typeof entry.command !== 'string' || entry.command === '') problems.push('"command" must be a non-empty string');
    else if (/\s/.test(entry.command) && !isAbsolute(entry.command))
      problems.push(`"command" is "${entry.command}": the arguments belong in "args", not in "command"`);
    strings('args', entry.args);
    record('env', entry.env);
    if (entry.cwd !== undefined && typeof entry.cwd !== 'string') problems.push('"cwd" must be a string');
  } else if (hasUrl) {
    if (typeof entry.url !== 'string' || !/^https?:\/\//i.test(entry.url)) problems.push('"url" must be an http:// or https:// URL');
    record('headers', entry.headers);
  } else problems.push('it has neither "command" (stdio) nor "url" (HTTP)');
  if (problems.length > 0)
    return item('config.entry', `the entry of "${name}" has the right shape`, 'fail', `server "${name}": ${problems.join('; ')}`, {
      fix: `fix the entry of "${name}" in ${config.file}: {"command": "...", "args": ["..."], "env": {"KEY": "value"}} or {"url": "<the server's URL>"}`,
    });
  const parts = hasCommand
    ? [
        `command`,
        `${(entry.args as unknown[] | undefined)?.length ?? 0} arg(s)`,
        ...(entry.env ? [`env: ${Object.keys(entry.env as object).join(', ')}`] : []),
        ...(entry.cwd ? ['cwd'] : []),
      ]
    : ['url', ...(entry.headers ? [`headers: ${Object.keys(entry.headers as object).join(', ')}`] : [])];
  const kind = `${hasCommand ? 'stdio' : 'HTTP'} entry (${parts.join(', ')})`;
  return item('config.entry', `the entry of "${name}" has the right shape`, 'pass', `server "${name}" is ${hasCommand ? 'a' : 'an'} ${kind}`);
}

/** Where `command` is found on a PATH, or undefined. */
export function findOnPath(command: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function commandItem(command: string, userPath: string | undefined, hostPath: string | undefined): DoctorItem {
  const title = '`command` is found, and how';
  const id = 'config.command';
  if (isAbsolute(command)) {
    let problem: string | undefined;
    try {
      if (!statSync(command).isFile()) problem = 'is not a file';
      else accessSync(command, constants.X_OK);
    } catch (error) {
      problem = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'is not executable (permissions)';
    }
    if (problem)
      return item(id, title, 'fail', `the command ${command} ${problem}`, {
        fix: problem.startsWith('is not exec') ? `chmod +x ${command}` : 'point "command" at the program that exists',
      });
    return item(id, title, 'pass', `${command} is an absolute path to an executable file`);
  }
  if (command.includes('/') || command.includes('\\'))
    return item(id, title, 'warn', `"${command}" is a relative path: a host resolves it against its own working directory, not the config's folder`, {
      fix: 'give "command" as an absolute path',
    });
  const forUser = findOnPath(command, userPath);
  const forHost = findOnPath(command, hostPath);
  if (!forUser && !forHost)
    return item(id, title, 'fail', `"${command}" is not found on PATH (neither yours nor a host's)`, {
      fix: `install ${command}, or give "command" as an absolute path`,
    });
  if (!forHost)
    return item(id, title, 'fail', `"${command}" is found on your PATH (${forUser}) but not on the PATH a host has (${hostPath ?? 'none'})`, {
      fix: `give "command" as the absolute path "${forUser}"`,
    });
  return item(
    id,
    title,
    'pass',
    `"${command}" is found on PATH at ${forHost} (not an absolute path: a host with another PATH could find another one, or none)`,
  );
}

/** A path a host would resolve against its own working directory: ./x, ../x, x/y, ~/x (hosts do not expand ~). */
export function looksRelativePath(value: string): boolean {
  const candidate = value.replace(/^--?[A-Za-z0-9-]+=/, '');
  if (candidate.startsWith('~')) return true;
  if (/^\.\.?([/\\]|$)/.test(candidate)) return candidate !== '.' || value === candidate;
  if (isAbsolute(candidate) || /^[a-z][a-z0-9+.-]*:/i.test(candidate) || candidate.startsWith('@') || candidate.startsWith('-')) return false;
  // dir/file.ext, or a bare script or data file name (`python server.py`).
  return (
    /^[\w.-]+[/\\][\w./\\-]*\.[A-Za-z0-9]+$/.test(candidate) || /^[\w.-]+\.(?:py|js|mjs|cjs|ts|rb|sh|jar|php|pl|json|ya?ml|toml|db|sqlite)$/i.test(candidate)
  );
}

export function relativePathsItem(entry: Record<string, unknown>): DoctorItem {
  const found: string[] = [];
  (Array.isArray(entry.args) ? entry.args : []).forEach(
    (arg, index) => typeof arg === 'string' && looksRelativePath(arg) && found.push(`args[${index}] "${arg}"`),
  );
  for (const [key, value] of Object.entries(isObject(entry.env) ? entry.env : {}))
    if (typeof value === 'string' && looksRelativePath(value)) found.push(`env.${key}`);
  if (typeof entry.cwd === 'string' && !isAbsolute(entry.cwd)) found.push(`cwd "${entry.cwd}"`);
  const title = 'no relative paths in args, env or cwd';
  if (found.length === 0) return item('config.paths', title, 'pass', 'no relative path in args, env or cwd');
  return item(
    'config.paths',
    title,
    'warn',
    `relative path(s): ${found.join(', ')}; a host resolves them against its own working directory (often /), and does not expand ~`,
    {
      fix: 'write them as absolute paths',
    },
  );
}

/**
 * Starting the server as a host would (working directory `/`, only the variables hosts pass on,
 * plus the entry's `env`) and as the user's shell does, and when only the host start fails,
 * naming the difference that breaks it: the working directory (a relative path), a variable,
 * the PATH, or a crash whatever the start.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { rememberSecrets } from '../../wire/secret-values.js';
import type { StdioTarget } from '../../wire/target.js';
import type { EraPreference } from '../../protocol/versions.js';
import { inheritedNames } from '../host-env.js';
import { answeredRequest, describeFailure, type StartOutcome, type StartPlace, startServer, stderrTail } from '../start.js';
import { type DoctorItem, item } from '../types.js';

export interface StartPlan {
  target: StdioTarget;
  era: EraPreference;
  timeoutMs: number;
  host: StartPlace;
  user: StartPlace;
  /** The config file and server name, to word the fix; undefined for a command given after `--`. */
  config?: { file: string; name: string };
}

export interface StartFindings {
  host: StartOutcome;
  user: StartOutcome;
  items: DoctorItem[];
}

/** The most extra starts spent finding which variable a server needs when its stderr names none. */
const MAX_SEARCH_STARTS = 16;

export async function startItems(plan: StartPlan): Promise<StartFindings> {
  const host = await startServer(plan.target, plan.host, plan.era, plan.timeoutMs);
  const user = await startServer(plan.target, plan.user, plan.era, plan.timeoutMs);
  const items = [userItem(user, plan), await hostItem(host, user, plan)];
  return { host, user, items };
}

const where = (place: StartPlace) => `working directory ${place.cwd}`;

function userItem(user: StartOutcome, plan: StartPlan): DoctorItem {
  const title = 'the server starts from your shell (your environment and working directory)';
  if (user.answered)
    return item('start.user-shell', title, 'pass', `from your shell (${where(plan.user)}) it answered ${answeredRequest(user)} after ${user.ms} ms`);
  return item('start.user-shell', title, 'fail', `from your shell (${where(plan.user)}) ${describeFailure(user)}${stderrNote(user)}`, {
    fix: fixForCrash(user),
    details: stderrDetails(user),
  });
}

function fixForCrash(start: StartOutcome): string {
  if (start.spawnError?.includes('ENOENT')) return 'the command does not exist there: check "command" (an absolute path is safest) and "cwd"';
  if (start.spawnError?.includes('EACCES')) return 'the command is not executable: chmod +x it, or run it through its interpreter (e.g. "command": "node")';
  if (start.earlyExit) return 'run the command yourself and fix what its stderr (above) says';
  return 'the server must answer its first request on stdout; check it reads stdin and writes one JSON-RPC message per line';
}

async function hostItem(host: StartOutcome, user: StartOutcome, plan: StartPlan): Promise<DoctorItem> {
  const title = 'the server starts as a host starts it (working directory /, only the variables hosts pass on, plus the configured env)';
  const id = 'start.host-env';
  const passed = inheritedNames().join(', ');
  if (host.answered)
    return item(
      id,
      title,
      'pass',
      `started in ${plan.host.cwd} with only ${passed} and the configured env, it answered ${answeredRequest(host)} after ${host.ms} ms`,
    );
  const details = stderrDetails(host);
  if (!user.answered)
    return item(id, title, 'fail', `it fails from your shell too: ${describeFailure(host)}${stderrNote(host)}`, {
      fix: fixForCrash(host),
      details,
    });
  // Only the host start fails: change one difference at a time to name the one that breaks it.
  if (host.spawnError?.includes('ENOENT') && !plan.target.command.includes('/'))
    return item(id, title, 'fail', `a host cannot find "${plan.target.command}" on its PATH (${plan.host.baseEnv.PATH ?? 'none'}); your shell finds it`, {
      fix: `give "command" as an absolute path (run \`command -v ${plan.target.command}\` to see yours)`,
      details,
    });
  const inUserCwd = await startServer(plan.target, { cwd: plan.user.cwd, baseEnv: plan.host.baseEnv }, plan.era, plan.timeoutMs);
  if (inUserCwd.answered) {
    const path = relativeArg(plan) ?? missingPath(host.stderr);
    const cause = path
      ? `it reads "${path}" relative to its working directory: started in ${plan.host.cwd} (as a host does) it fails, started in ${plan.user.cwd} it works`
      : `it depends on its working directory: started in ${plan.host.cwd} (as a host does) it fails, started in ${plan.user.cwd} it works`;
    return item(id, title, 'fail', `${cause}${stderrNote(host)}`, {
      fix: `${path ? `use an absolute path instead of "${path}" (e.g. ${joinPath(plan.user.cwd, path)}) in the server or its args` : 'use absolute paths in the server and its args'}, or set "cwd": "${plan.user.cwd}" in the config entry`,
      details,
    });
  }
  const withUserEnv = await startServer(plan.target, { cwd: plan.host.cwd, baseEnv: plan.user.baseEnv }, plan.era, plan.timeoutMs);
  if (withUserEnv.answered) {
    const needed = await neededVariable(host, plan);
    if (needed) {
      rememberSecrets([{ kind: 'env', name: needed, value: plan.user.baseEnv[needed] ?? '' }]);
      const entry = plan.config
        ? `the "env" of server "${plan.config.name}" in ${plan.config.file}`
        : 'the "env" of the server\'s entry in the host\'s config (here: -e)';
      return item(
        id,
        title,
        'fail',
        `the host start fails because ${needed} is not passed: your shell has ${needed}, but a host passes only ${passed} and the configured env${stderrNote(host)}`,
        { fix: `add "${needed}": "…" to ${entry}`, details },
      );
    }
    return item(
      id,
      title,
      'fail',
      `it needs a variable of your shell's environment that a host does not pass (only ${passed} and the configured env are), and more than one, or none mcpvet could single out`,
      {
        fix: 'add the variables the server reads to the config entry\'s "env"',
        details,
      },
    );
  }
  return item(
    id,
    title,
    'fail',
    `started as a host starts it, ${describeFailure(host)}; it needs both your working directory (${plan.user.cwd}) and your environment`,
    {
      fix: 'use absolute paths, and add the variables it reads to the config entry\'s "env"',
      details,
    },
  );
}

/** An argument that names a file relative to the user's working directory, which is not there from the host's. */
function relativeArg(plan: StartPlan): string | undefined {
  return plan.target.args.find((arg) => {
    if (isAbsolute(arg) || arg.startsWith('-')) return false;
    return existsSync(resolve(plan.user.cwd, arg)) && !existsSync(resolve(plan.host.cwd, arg));
  });
}

/** The stderr line that says most: the first that reads like an error, else the last. */
export function keyLine(lines: readonly string[]): string | undefined {
  const text = lines.filter((line) => line.trim() !== '');
  return (
    text.find((line) => /^\s*(?:\w*Error|Exception|Traceback|panic|fatal)\b/i.test(line)) ??
    text.find((line) => /error|ENOENT|EACCES|cannot|can't|not found|missing|denied|not set|required|no such/i.test(line)) ??
    text.at(-1)
  );
}

/** The evidence lines of a failed start: the line that says most, then the last lines of stderr. */
function stderrDetails(start: StartOutcome): string[] {
  const key = keyLine(start.stderr);
  const tail = stderrTail(start, 4);
  return key && !tail.includes(key) ? [key, '…', ...tail] : tail;
}

const stderrNote = (start: StartOutcome) => {
  const key = keyLine(start.stderr);
  return key ? ` (stderr: ${key.trim()})` : '';
};

function joinPath(dir: string, path: string): string {
  return `${dir.replace(/\/$/, '')}/${path.replace(/^\.\//, '')}`;
}

/** A path an ENOENT names (Node, Python, Go...): "no such file or directory, open './data.json'". */
export function missingPath(stderr: readonly string[]): string | undefined {
  for (const line of stderr) {
    const node = /(?:ENOENT|Cannot find module|can't open file)[^'"]*['"]([^'"]+)['"]/.exec(line);
    if (node) return node[1];
    const other = /(?:no such file or directory|not found|cannot (?:open|read|find))[:\s]*['"]?([^\s'"]*[/\\.][^\s'",]*)/i.exec(line);
    if (other?.[1]) return other[1];
  }
  return undefined;
}

/**
 * The one variable of the user's environment whose absence breaks the host start: first those the
 * stderr names, then halving the rest, each guess checked by a host start with it added.
 */
async function neededVariable(host: StartOutcome, plan: StartPlan): Promise<string | undefined> {
  const hostEnv = plan.host.baseEnv;
  const candidates = Object.keys(plan.user.baseEnv).filter((name) => !(name in hostEnv) && !(name in (plan.target.env ?? {})));
  const works = async (names: readonly string[]) => {
    const env: NodeJS.ProcessEnv = { ...hostEnv };
    for (const name of names) env[name] = plan.user.baseEnv[name];
    return (await startServer(plan.target, { cwd: plan.host.cwd, baseEnv: env }, plan.era, plan.timeoutMs)).answered;
  };
  let starts = 0;
  const text = host.stderr.join('\n');
  for (const name of candidates.filter((candidate) => new RegExp(`\\b${candidate.replace(/[^\w]/g, '\\$&')}\\b`).test(text)).slice(0, 3)) {
    starts++;
    if (await works([name])) return name;
  }
  let pool = candidates;
  while (pool.length > 1 && starts < MAX_SEARCH_STARTS) {
    const half = pool.slice(0, Math.ceil(pool.length / 2));
    const rest = pool.slice(half.length);
    starts++;
    if (await works(half)) pool = half;
    else {
      starts++;
      if (await works(rest)) pool = rest;
      else return undefined;
    }
  }
  return pool.length === 1 && pool[0] !== undefined && (await works(pool)) ? pool[0] : undefined;
}

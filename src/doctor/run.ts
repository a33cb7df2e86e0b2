/**
 * `mcpvet doctor`: the checklist in the order a person checks, config first, then the start as a
 * host does it, then stdout, era and version, and HTTP. Each item is a small module under items/.
 */
import { HttpChannel } from '../protocol/http-channel.js';
import { StdioChannel } from '../protocol/stdio-channel.js';
import type { EraPreference } from '../protocol/versions.js';
import { SECRET_KEY_WORDS } from '../wire/secret-shapes.js';
import { MIN_SECRET_LENGTH, rememberSecrets } from '../wire/secret-values.js';
import { describeTarget, type Target } from '../wire/target.js';
import { Trace } from '../wire/trace.js';
import { hostEnvironment, hostWorkingDirectory } from './host-env.js';
import { commandItem, type ConfigEntry, entryItem, relativePathsItem, syntaxItem } from './items/config.js';
import { eraItems } from './items/era.js';
import { httpItems } from './items/http.js';
import { startItems } from './items/start.js';
import { stdioItems } from './items/stdio.js';
import { logHints } from './log-hints.js';
import type { DoctorItem, DoctorReport } from './types.js';

/** An environment variable whose name says it holds a credential (GITHUB_TOKEN, OPENAI_API_KEY, DB_PASSWORD). */
const SECRET_ENV_NAME = new RegExp(`(?:^|_)(?:${SECRET_KEY_WORDS.replace(/\[-_\]\?/g, '_?')}|credentials?|auth)(?:_|$)`, 'i');

export interface DoctorInput {
  /** Undefined when the config entry is too broken to make one (then only the config items run). */
  target: Target | undefined;
  config?: ConfigEntry;
  era: EraPreference;
  timeoutMs: number;
  userCwd: string;
  userEnv: NodeJS.ProcessEnv;
}

/** The config items alone: when the entry is broken the CLI stops there. */
export function configItems(config: ConfigEntry): DoctorItem[] {
  return [syntaxItem(config), entryItem(config)];
}

export async function runDoctor(input: DoctorInput): Promise<DoctorReport> {
  const { target, config } = input;
  const items: DoctorItem[] = config ? configItems(config) : [];
  const report = (transport: 'stdio' | 'http', name: string): DoctorReport => ({
    target: name,
    transport,
    platform: process.platform,
    items,
    logHints: logHints(),
  });
  if (!target) return report(config && 'url' in config.entry ? 'http' : 'stdio', config ? `${config.file} "${config.name}"` : '');
  if (target.transport === 'http') {
    const http = await httpItems(target, input.timeoutMs);
    items.push(...http.items);
    if (http.usable) items.push(...(await eraItems({ target, era: input.era, timeoutMs: input.timeoutMs, open: () => new HttpChannel(target, new Trace()) })));
    return report('http', describeTarget(target));
  }
  const hostEnv = hostEnvironment(input.userEnv);
  if (config) items.push(commandItem(target.command, input.userEnv.PATH, hostEnv.PATH), relativePathsItem(config.entry));
  const host = { cwd: target.cwd ?? hostWorkingDirectory(input.userCwd), baseEnv: hostEnv };
  const user = { cwd: target.cwd ?? input.userCwd, baseEnv: input.userEnv };
  // The start from your shell hands the server your whole environment: a crash that prints it
  // must not show your credentials, so the values of secret-named variables are masked everywhere.
  rememberSecrets(
    Object.entries(input.userEnv)
      .filter((entry): entry is [string, string] => SECRET_ENV_NAME.test(entry[0]) && typeof entry[1] === 'string' && entry[1].length >= MIN_SECRET_LENGTH)
      .map(([name, value]) => ({ kind: 'env', name, value })),
  );
  const starts = await startItems({
    target,
    era: input.era,
    timeoutMs: input.timeoutMs,
    host,
    user,
    config: config && { file: config.file, name: config.name },
  });
  items.push(...starts.items);
  const working = starts.host.answered ? starts.host : starts.user.answered ? starts.user : undefined;
  items.push(...stdioItems(working, input.timeoutMs));
  if (working) {
    const place = working.place;
    items.push(
      ...(await eraItems({
        target,
        era: input.era,
        timeoutMs: input.timeoutMs,
        open: () => new StdioChannel({ ...target, cwd: place.cwd }, new Trace(), { baseEnv: place.baseEnv }),
      })),
    );
  } else
    items.push({ id: 'era.versions', title: 'versions both sides share', status: 'skip', evidence: 'the server did not start, so its era was not probed' });
  return report('stdio', describeTarget(target));
}

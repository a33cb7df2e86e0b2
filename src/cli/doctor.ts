/** `mcpvet doctor`: reads the config (one line for an unreadable one), resolves the target, prints the checklist. */
import { readFileSync } from 'node:fs';
import { isObject } from '../protocol/jsonrpc.js';
import { oneLine } from '../wire/control-chars.js';
import { type ConfigEntry, jsonErrorPosition } from '../doctor/items/config.js';
import { renderConsole, renderJson } from '../doctor/render.js';
import { configItems, runDoctor } from '../doctor/run.js';
import type { DoctorReport } from '../doctor/types.js';
import { usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

interface DoctorFlags extends TargetFlags {
  format: 'text' | 'json';
}

export async function runDoctorCli(server: string[], flags: DoctorFlags): Promise<number> {
  const config = flags.config === undefined ? undefined : readConfigEntry(flags.config, flags.server);
  let report: DoctorReport;
  if (config && configItems(config).some((entry) => entry.status === 'fail')) {
    report = await runDoctor({ target: undefined, config, era: flags.protocolEra, timeoutMs: flags.timeout, userCwd: process.cwd(), userEnv: process.env });
  } else {
    const target = await resolveTarget(flags, server);
    report = await runDoctor({ target, config, era: flags.protocolEra, timeoutMs: flags.timeout, userCwd: process.cwd(), userEnv: process.env });
  }
  process.stdout.write(flags.format === 'json' ? renderJson(report) : renderConsole(report));
  return report.items.some((entry) => entry.status === 'fail') ? ExitCode.Failed : ExitCode.Ok;
}

/** The file must exist and be JSON (else one line with line:column), with an `mcpServers` entry to diagnose. */
function readConfigEntry(file: string, name: string | undefined): ConfigEntry {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(`--config ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const at = jsonErrorPosition(text, error as Error);
    const reason = (error as Error).message.replace(/\s*\(line \d+ column \d+\)$/, '').replace(/ in JSON at position \d+$/, '');
    throw usageError(`--config ${file}:${at ? `${at.line}:${at.column}` : ''} invalid JSON: ${oneLine(reason)}`);
  }
  const servers = isObject(json) && isObject(json.mcpServers) ? json.mcpServers : undefined;
  if (!servers) throw usageError(`--config ${file} has no "mcpServers" object`);
  const names = Object.keys(servers);
  if (name === undefined) {
    if (names.length !== 1) throw usageError(`--config ${file} has ${names.length} servers (${names.join(', ')}): choose one with --server`);
    name = names[0] as string;
  }
  const entry = servers[name];
  if (entry === undefined) throw usageError(`--config ${file} has no server "${name}" (it has: ${names.join(', ')})`);
  if (!isObject(entry)) throw usageError(`--config ${file}: server "${name}" is not an object`);
  return { file, name, entry, serverCount: names.length };
}

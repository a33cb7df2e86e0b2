/**
 * `mcpvet load --emit artillery`: the scenario as an Artillery script instead of a run. The
 * connected client gives each step's envelope, so the script sends exactly what `load` would.
 * `-o FILE` writes the script and its processor beside it; without it the script goes to stdout
 * and the processor must be written with -o (a note says so).
 */
import { writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { BaseClient } from '../client/base-client.js';
import { MCPVET_CLIENT_INFO } from '../client/base-client.js';
import type { McpClient } from '../client/types.js';
import { ALL_INPUT_CAPABILITIES } from '../check/probes/mrtr/input-required.js';
import { ARTILLERY_PROCESSOR } from '../load/artillery/processor.js';
import { artilleryScript, type ArtilleryStep } from '../load/artillery/script.js';
import type { LoadModel } from '../load/engine.js';
import { firstParams } from '../load/flow.js';
import type { Threshold } from '../load/options.js';
import type { LoadStep } from '../load/scenario.js';
import { maskLiterals } from '../report/redact.js';
import { prepareOutputDir } from '../report/write.js';
import type { HttpTarget } from '../wire/target.js';
import { usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { printNote, printText } from './output.js';

export const EMIT_TOOLS = ['artillery'] as const;

export interface EmitPlan {
  model: LoadModel;
  durationMs: number;
  rampMs: number;
  timeoutMs: number;
  thresholds: Threshold[];
}

/** Refuses what Artillery's HTTP engine cannot be given, before any server starts. */
export function checkEmit(tool: string, flags: { format: string; replica: string[] }): void {
  if (!(EMIT_TOOLS as readonly string[]).includes(tool)) throw usageError(`--emit takes ${EMIT_TOOLS.join(', ')}, not "${tool}"`);
  if (flags.format !== 'console') throw usageError('--emit writes an Artillery script: --format does not apply (use -o FILE for the script)');
  if (flags.replica.length > 0) throw usageError('--emit artillery loads one target: put the instances behind one address, or leave out --replica');
}

export async function emitArtillery(client: McpClient, target: HttpTarget, steps: LoadStep[], plan: EmitPlan, output: string | undefined): Promise<number> {
  const artillerySteps: ArtilleryStep[] = [];
  for (const step of steps) {
    const envelope = await (client as BaseClient).prepare(step.method, firstParams(step));
    artillerySteps.push({ name: step.key, weight: step.weight, method: step.method, params: envelope.params, headers: envelope.headers });
  }
  const era = client.era === 'legacy' ? 'legacy' : 'modern';
  const processorName = output === undefined ? 'mcpvet-load.processor.cjs' : `${basename(output, extname(output))}.processor.cjs`;
  const script = artilleryScript({
    url: target.url,
    targetHeaders: target.headers ?? {},
    era,
    protocolVersion: client.protocolVersion,
    initialize:
      era === 'legacy' ? { protocolVersion: client.protocolVersion, capabilities: ALL_INPUT_CAPABILITIES, clientInfo: MCPVET_CLIENT_INFO } : undefined,
    steps: artillerySteps,
    ...plan,
    processor: `./${processorName}`,
    commandLine: 'mcpvet load --emit artillery',
    file: output === undefined ? undefined : basename(output),
  });
  for (const { variable, fills } of script.secretEnv) printNote(`mcpvet: the script reads ${fills} from $${variable}; set it where Artillery runs`);
  if (output === undefined) {
    printText(maskLiterals(script.yaml));
    printNote(`mcpvet: the script needs its processor beside it as ${processorName}: write both with -o FILE.yml`);
    return ExitCode.Ok;
  }
  prepareOutputDir(dirname(output));
  const processorPath = join(dirname(output), processorName);
  writeFileSync(output, maskLiterals(script.yaml), 'utf8');
  writeFileSync(processorPath, ARTILLERY_PROCESSOR, 'utf8');
  printNote(`mcpvet: wrote ${output} and ${processorPath}; run: npx artillery run ${output}`);
  return ExitCode.Ok;
}

/** `mcpvet eval init`: list the server's tools and write a starter tasks file (never over an existing one without --force). */
import { existsSync, writeFileSync } from 'node:fs';
import { connect } from '../client/connect.js';
import { starterTasksFile } from '../eval/init.js';
import { usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { printText } from './output.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface EvalInitFlags extends TargetFlags {
  output: string;
  force?: boolean;
}

export async function runEvalInit(positional: string[], flags: EvalInitFlags): Promise<number> {
  const file = flags.output;
  // Checked before the server starts, and again by the exclusive write below.
  if (!flags.force && existsSync(file)) throw usageError(`${file} already exists: give --force to overwrite it, or -o to write another file`);
  const target = await resolveTarget(flags, positional);
  const client = await connect(target, { era: flags.protocolEra, timeoutMs: flags.timeout });
  let tools: unknown[];
  let server: string | undefined;
  try {
    tools = await client.listAll('tools/list');
    server = typeof client.serverInfo?.name === 'string' ? client.serverInfo.name : undefined;
  } finally {
    await client.close();
  }
  let text: string;
  try {
    text = starterTasksFile(tools, { server, file });
  } catch (error) {
    throw usageError((error as Error).message);
  }
  try {
    writeFileSync(file, text, { flag: flags.force ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(code === 'EEXIST' ? `${file} already exists: give --force to overwrite it` : `cannot write ${file}: ${code ?? (error as Error).message}`);
  }
  printText(
    `Wrote ${file}: one example task and ${tools.length} commented task(s), one per tool. Edit it, then run: mcpvet eval ${file} --model PROVIDER:NAME -- SERVER\n`,
  );
  return ExitCode.Ok;
}

/** `mcpvet snapshot -o contract.json TARGET`. */
import { isSafeToCallUnasked } from '../protocol/tool-hints.js';
import { writeFile } from 'node:fs/promises';
import { connect } from '../client/connect.js';
import { matchesAny } from '../wire/glob.js';
import { takeSnapshot } from '../contract/snapshot.js';
import { maskLiterals } from '../report/redact.js';
import { ExitCode } from './exit-codes.js';
import { printNote } from './output.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface SnapshotFlags extends TargetFlags {
  output: string;
  withDescriptions?: boolean;
  allowCall: string[];
}

export async function runSnapshot(positional: string[], flags: SnapshotFlags): Promise<number> {
  const target = await resolveTarget(flags, positional);
  const client = await connect(target, { era: flags.protocolEra, timeoutMs: flags.timeout });
  try {
    const snapshot = await takeSnapshot(client, {
      withDescriptions: flags.withDescriptions,
      mayCall: flags.allowCall.length > 0 ? (tool) => matchesAny(String(tool.name), flags.allowCall) || isSafeToCallUnasked(tool) : undefined,
    });
    // The server may echo what it was given (env, headers, query) in descriptions and error messages.
    await writeFile(flags.output, maskLiterals(JSON.stringify(snapshot, null, 2)) + '\n');
    printNote(
      `mcpvet: wrote ${flags.output}: ${snapshot.tools.length} tools, ${snapshot.resources.length} resources, ${snapshot.resourceTemplates.length} templates, ${snapshot.prompts.length} prompts (${snapshot.era} era, ${snapshot.protocolVersion})`,
    );
    return ExitCode.Ok;
  } finally {
    await client.close();
  }
}

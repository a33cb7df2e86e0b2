/** `mcpvet diff OLD NEW`: classify what changed between two contracts; exit 2 on breaking changes. */
import { diffContracts, suggestBump } from '../contract/diff.js';
import { readContract } from '../contract/read-contract.js';
import { describeSnapshot, renderDiff, type DiffFormat } from '../contract/render-diff.js';
import { ContractFormatError } from '../contract/snapshot-types.js';
import { usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { printJson, printText } from './output.js';

export async function runDiff(oldFile: string, newFile: string, flags: { format: DiffFormat }): Promise<number> {
  let before;
  let after;
  try {
    [before, after] = await Promise.all([readContract(oldFile), readContract(newFile)]);
  } catch (error) {
    if (error instanceof ContractFormatError) throw usageError(error.message);
    throw error;
  }
  const changes = diffContracts(before, after);
  const output =
    renderDiff(changes, flags.format, { oldLabel: `${oldFile} (${describeSnapshot(before)})`, newLabel: `${newFile} (${describeSnapshot(after)})` }).trimEnd() +
    '\n';
  if (flags.format === 'json') printJson(output);
  else printText(output);
  return suggestBump(changes) === 'major' ? ExitCode.Failed : ExitCode.Ok;
}

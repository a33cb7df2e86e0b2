/** `mcpvet diff OLD NEW`: classify what changed between two contracts; exit 2 on breaking changes. */
import { diffContracts, suggestBump } from '../contract/diff.js';
import { readContract } from '../contract/read-contract.js';
import { describeSnapshot, renderDiff } from '../contract/render-diff.js';
import { diffRunReport } from '../contract/to-run-report.js';
import { ContractFormatError } from '../contract/snapshot-types.js';
import type { Format } from '../report/formats.js';
import { getReporter } from '../report/types.js';
import { usageError } from './cli-error.js';
import { formatsFlag } from './format-flag.js';
import { ExitCode } from './exit-codes.js';
import { printJson, printText } from './output.js';

export async function runDiff(oldFile: string, newFile: string, flags: { format: string }): Promise<number> {
  const [format] = formatsFlag('diff', flags.format, { hasOutput: false, multiple: false }) as [Format];
  const startedAt = new Date().toISOString();
  let before;
  let after;
  try {
    [before, after] = await Promise.all([readContract(oldFile), readContract(newFile)]);
  } catch (error) {
    if (error instanceof ContractFormatError) throw usageError(error.message);
    throw error;
  }
  const changes = diffContracts(before, after);
  const context = { oldLabel: `${oldFile} (${describeSnapshot(before)})`, newLabel: `${newFile} (${describeSnapshot(after)})` };
  if (format === 'junit') {
    // The shared result model: JUnit reads a diff as it reads a check run.
    const run = diffRunReport(changes, {
      target: `${oldFile} -> ${newFile}`,
      era: after.era,
      protocolVersion: after.protocolVersion,
      startedAt,
      durationMs: 0,
    });
    printText((await getReporter('junit')).render(run, { color: false }));
  } else {
    const output = renderDiff(changes, format === 'console' ? 'text' : (format as 'json' | 'markdown'), context).trimEnd() + '\n';
    if (format === 'json') printJson(output);
    else printText(output);
  }
  return suggestBump(changes) === 'major' ? ExitCode.Failed : ExitCode.Ok;
}

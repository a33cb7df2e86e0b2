/** `mcpvet diff OLD NEW`: classify what changed between two contracts; exit 2 on breaking changes. */
import { diffContracts, suggestBump } from '../contract/diff.js';
import { readContract } from '../contract/read-contract.js';
import { describeSnapshot, renderDiff } from '../report/contract/diff.js';
import { diffRunReport } from '../contract/to-run-report.js';
import { ContractFormatError } from '../contract/snapshot-types.js';
import { painter } from '../report/ansi.js';
import { applyBaseline, exitCodeFor } from '../report/baseline.js';
import { baselineLines } from '../report/console.js';
import type { Format } from '../report/formats.js';
import { getReporter } from '../report/types.js';
import { usageError } from './cli-error.js';
import { readBaselineFlag } from './baseline-flag.js';
import { formatsFlag } from './format-flag.js';
import { ExitCode } from './exit-codes.js';
import { printJson, printText } from './output.js';

export async function runDiff(oldFile: string, newFile: string, flags: { format: string; expectedFailures?: string }): Promise<number> {
  const [format] = formatsFlag('diff', flags.format, { hasOutput: false, multiple: false }) as [Format];
  const expected =
    flags.expectedFailures !== undefined ? await readBaselineFlag(flags.expectedFailures, { id: 'subject', example: 'tool search_notes' }) : undefined;
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
  // The shared result model: JUnit and the baseline read a diff as they read a check run.
  let run = diffRunReport(changes, { target: `${oldFile} -> ${newFile}`, era: after.era, protocolVersion: after.protocolVersion, startedAt, durationMs: 0 });
  if (expected && flags.expectedFailures) run = applyBaseline(run, expected, flags.expectedFailures);
  if (format === 'junit') printText((await getReporter('junit')).render(run, { color: false }));
  else if (format === 'json') {
    const document = JSON.parse(renderDiff(changes, 'json', context));
    printJson(JSON.stringify(run.baseline ? { ...document, baseline: run.baseline } : document, null, 2) + '\n');
  } else {
    const output = renderDiff(changes, format === 'console' ? 'text' : 'markdown', context).trimEnd() + '\n';
    const baseline = format === 'console' ? baselineLines(run, painter(false), false) : [];
    printText(baseline.length ? `${output}${baseline.join('\n')}\n` : output);
  }
  if (run.baseline) return exitCodeFor(run) === 0 ? ExitCode.Ok : ExitCode.Failed;
  return suggestBump(changes) === 'major' ? ExitCode.Failed : ExitCode.Ok;
}

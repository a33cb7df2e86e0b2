/** `--expected-failures FILE` of every command that takes a baseline: read before the run, one line on a bad file. */
import type { EntryKind } from '../report/baseline.js';
import { oneLine } from '../wire/control-chars.js';
import { usageError } from './cli-error.js';

export async function readBaselineFlag(file: string, kind?: EntryKind): Promise<string[]> {
  const { BaselineFileError, loadExpectedFailures } = await import('../report/baseline.js');
  try {
    return await loadExpectedFailures(file, kind);
  } catch (error) {
    throw error instanceof BaselineFileError ? usageError(oneLine(error.message)) : error;
  }
}

/**
 * The regression file's cases replayed before any new input: those of the tools (and, with
 * --envelope, the messages) this run covers. A case that fails again is reported as it is (it was
 * shrunk when found); one that passes is dropped from the file; the others are kept untouched.
 */
import type { JsonObject } from '../protocol/jsonrpc.js';
import type { Violation } from './judge.js';
import type { RegressionCase } from './regressions.js';
import type { EnvelopeCase } from './envelope-cases.js';

export interface Replayer {
  tool(tool: JsonObject, args: JsonObject): Promise<Violation | undefined>;
  envelope(envelope: EnvelopeCase): Promise<Violation | undefined>;
}

export interface Replayed {
  /** Cases that failed again, with what they broke now. */
  failing: { entry: RegressionCase; violation: Violation }[];
  /** Cases to keep in the file: still failing, or not replayed. */
  keep: RegressionCase[];
  nowPassing: number;
}

export async function replayRegressions(cases: RegressionCase[], selected: JsonObject[], envelope: boolean, replay: Replayer): Promise<Replayed> {
  const replayed: Replayed = { failing: [], keep: [], nowPassing: 0 };
  for (const entry of cases) {
    let violation: Violation | undefined;
    if (entry.tool !== undefined) {
      const tool = selected.find((candidate) => candidate.name === entry.tool);
      if (!tool) {
        replayed.keep.push(entry);
        continue;
      }
      violation = await replay.tool(tool, entry.args);
    } else {
      if (!envelope) {
        replayed.keep.push(entry);
        continue;
      }
      violation = await replay.envelope(entry.envelope);
    }
    if (violation) {
      replayed.failing.push({ entry, violation });
      replayed.keep.push(entry);
    } else replayed.nowPassing++;
  }
  return replayed;
}

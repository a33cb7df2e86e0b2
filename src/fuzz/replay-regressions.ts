/**
 * The regression file's cases replayed before any new input: those of the tools (and, with
 * --envelope, the messages) this run covers. A case that fails again is reported as it is (it was
 * shrunk when found); one that passes is dropped from the file; the others are kept untouched.
 */
import type { JsonObject } from '../protocol/jsonrpc.js';
import type { Violation } from './judge.js';
import type { RegressionCase } from './regressions.js';
import type { EnvelopeCase } from './envelope-cases.js';

/** `unjudged`: the case could not be tried (the server was not reached): it stays in the file. */
export type ReplayVerdict = Violation | undefined | 'unjudged';

export interface Replayer {
  tool(tool: JsonObject, args: JsonObject): Promise<ReplayVerdict>;
  envelope(envelope: EnvelopeCase): Promise<ReplayVerdict>;
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
    let violation: ReplayVerdict;
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
    if (violation === 'unjudged') replayed.keep.push(entry);
    else if (violation) {
      replayed.failing.push({ entry, violation });
      replayed.keep.push(entry);
    } else replayed.nowPassing++;
  }
  return replayed;
}

/**
 * Evidence of bounded size. An exchange that drew a flood (an endless SSE stream) spans thousands
 * of frames; every result copying them all (then redacting and rendering them) made a check run of
 * gigabytes. The first and last frames tell the story; a note says how many were left out.
 */
import type { Frame } from '../wire/trace.js';
import type { Evidence } from './types.js';

const HEAD = 50;
const TAIL = 50;

export function trimEvidence(evidence: Evidence[]): Evidence[] {
  return evidence.map((item) => (!item.frames || item.frames.length <= HEAD + TAIL ? item : { ...item, frames: trimFrames(item.frames) }));
}

function trimFrames(frames: Frame[]): Frame[] {
  const head = frames.slice(0, HEAD);
  const tail = frames.slice(-TAIL);
  const omitted = frames.length - head.length - tail.length;
  const last = head[head.length - 1] as Frame;
  const note: Frame = { seq: last.seq, time: last.time, direction: 'local', kind: 'error', raw: `${omitted} frame(s) left out of this evidence`, detail: { reason: 'evidence-trimmed', omitted } };
  return [...head, note, ...tail];
}

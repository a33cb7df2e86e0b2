/**
 * Evidence of bounded size. An exchange that drew a flood (an endless SSE stream) spans thousands
 * of frames; every result copying them all (then redacting and rendering them) made a check run of
 * gigabytes. The first and last frames tell the story; a note says how many were left out. A huge
 * frame (a list of 10,000 tools) keeps the head of its text and its full size, not its message:
 * a report that copied it into every finding grew from 55 KB to 36 MB.
 */
import { detachedHead, type Frame } from '../wire/trace.js';
import type { Evidence } from './types.js';

const HEAD = 50;
const TAIL = 50;
/** The most characters of one frame's text an evidence item keeps. */
export const EVIDENCE_FRAME_CHARS = 16 * 1024;

export function trimEvidence(evidence: Evidence[]): Evidence[] {
  return evidence.map((item) => {
    if (!item.frames) return item;
    const frames = item.frames.length <= HEAD + TAIL ? item.frames : trimFrames(item.frames);
    const clipped = frames.some(isHuge) ? frames.map(clipFrame) : frames;
    return clipped === item.frames ? item : { ...item, frames: clipped };
  });
}

const isHuge = (frame: Frame): boolean => frame.raw.length > EVIDENCE_FRAME_CHARS;

function clipFrame(frame: Frame): Frame {
  if (!isHuge(frame)) return frame;
  const { message: _message, ...rest } = frame;
  return { ...rest, raw: detachedHead(frame.raw, EVIDENCE_FRAME_CHARS), truncated: true, size: frame.size ?? frame.raw.length };
}

function trimFrames(frames: Frame[]): Frame[] {
  const head = frames.slice(0, HEAD);
  const tail = frames.slice(-TAIL);
  const omitted = frames.length - head.length - tail.length;
  const last = head[head.length - 1] as Frame;
  const note: Frame = {
    seq: last.seq,
    time: last.time,
    direction: 'local',
    kind: 'error',
    raw: `${omitted} frame(s) left out of this evidence`,
    detail: { reason: 'evidence-trimmed', omitted },
  };
  return [...head, note, ...tail];
}

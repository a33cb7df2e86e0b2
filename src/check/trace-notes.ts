/** Pinned trace frames (notes the wire and protocol layers leave for verdicts) gathered across a run. */
import type { Frame, Trace } from '../wire/trace.js';

/** The pinned frames of every trace whose `detail.reason` is `reason`, in trace order. */
export function pinnedNotes(traces: Trace[], reason: string): Frame[] {
  const notes: Frame[] = [];
  for (const trace of traces) for (const frame of trace.pinned) if (frame.detail?.reason === reason) notes.push(frame);
  return notes;
}

/** " (N older frames were dropped from the traces to bound memory)", or "" when none were. */
export function droppedNote(traces: Trace[]): string {
  const dropped = traces.reduce((sum, trace) => sum + trace.dropped, 0);
  return dropped > 0 ? ` (${dropped} older frame(s) were dropped from the traces to bound memory)` : '';
}

/**
 * Which stdout lines of a stdio server were not JSON-RPC messages (DIGEST §4 "Framing"). Shared by
 * the `stdio.stdout-only-jsonrpc` check and `doctor`.
 */
import type { Frame } from '../../../wire/trace.js';
import { clip } from '../protocol/probe.js';

export const MAX_POLLUTION_SHOWN = 5;

export interface StdoutPollution {
  /** Every stdout line received: messages and pollution. */
  lines: Frame[];
  pollution: Frame[];
  /** The first offending lines, quoted and clipped. */
  shown: string[];
}

export function stdoutPollution(frames: readonly Frame[]): StdoutPollution {
  const lines = frames.filter((frame) => frame.direction === 'receive' && (frame.kind === 'message' || frame.kind === 'pollution'));
  const pollution = lines.filter((frame) => frame.kind === 'pollution');
  return { lines, pollution, shown: pollution.slice(0, MAX_POLLUTION_SHOWN).map((frame) => JSON.stringify(clip(frame.raw, 80))) };
}

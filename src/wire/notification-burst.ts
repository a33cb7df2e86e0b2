/**
 * A flood of notifications is what fills a trace by the hundred thousand frames. Each frame kept
 * lives long enough to reach the old generation before the trace's caps drop it, and collecting
 * them took two thirds of the CPU of a `check` against a flooding server (5.9 of 8.9 s). So of
 * the notifications a server sends in a row (no other message between them; on HTTP, on one
 * stream) the trace keeps the first KEPT_PER_BURST. The rest still reach the trace's listeners (a
 * recorder writes every one), and one local frame counts them when the burst ends.
 */
import type { AddOptions, HttpMeta, Trace } from './trace.js';

export const KEPT_PER_BURST = 1000;

const KEEP: AddOptions = {};
const PASS_ON: AddOptions = { keep: false };

export class NotificationBurst {
  private inRow = 0;
  private unkept = 0;

  constructor(
    private readonly trace: Trace,
    private readonly http?: HttpMeta,
  ) {}

  /** The add options for a received message: past the first KEPT_PER_BURST notifications in a row, not kept. */
  received(message: unknown): AddOptions {
    if (!isNotification(message)) {
      this.end();
      return KEEP;
    }
    if (++this.inRow <= KEPT_PER_BURST) return KEEP;
    this.unkept++;
    return PASS_ON;
  }

  /** The burst is over (another message came, or the stream or process ended): note what was not kept. */
  end(): void {
    if (this.unkept > 0) {
      const raw = `${this.unkept} more notification(s) in a row were not kept in the trace (it keeps the first ${KEPT_PER_BURST} of a burst)`;
      const frame = { direction: 'local', kind: 'error', raw, detail: { reason: 'burst-not-kept', notKept: this.unkept, kept: KEPT_PER_BURST } } as const;
      this.trace.add(this.http ? { ...frame, http: this.http } : frame);
    }
    this.inRow = 0;
    this.unkept = 0;
  }
}

/** A JSON-RPC notification: a method and no id (the wire layer knows JSON-RPC, not MCP). */
function isNotification(message: unknown): boolean {
  return typeof message === 'object' && message !== null && !Array.isArray(message) && 'method' in message && !('id' in message);
}

/**
 * Fresh stdio processes started ahead of need: a check that needs a connection of its own gets a
 * process that has been starting up while other checks ran, so a server that takes seconds to
 * start costs those seconds once per run rather than once per fresh connection. Bounded (a few
 * processes at most), refilled as they are taken, and every process not handed over is closed
 * with the pool (on Ctrl-C, the wire layer's exit hook kills what is left).
 *
 * A pooled process is handed over untouched: nothing is written to it before the taker's own
 * first message, because several checks judge the first message a process receives.
 */
import { StdioChannel } from '../protocol/stdio-channel.js';
import type { StdioTarget } from '../wire/target.js';
import { Trace } from '../wire/trace.js';

/** Processes kept starting by default: enough to hide start-up from a run's fresh connections, few enough to stay light. */
export const DEFAULT_WARM_PROCESSES = 2;

export class WarmPool {
  private readonly ready: StdioChannel[] = [];
  private closed = false;

  constructor(
    readonly target: StdioTarget,
    readonly size: number = DEFAULT_WARM_PROCESSES,
  ) {
    this.fill();
  }

  /** An untouched channel on a process that has been starting the longest (a new one when the pool is empty or closed). */
  take(): StdioChannel {
    let channel: StdioChannel | undefined;
    while ((channel = this.ready.shift())) {
      // One that exited while it waited would be judged for an exit that no check caused.
      if (!channel.hasExited) break;
      void channel.close();
    }
    this.fill();
    return channel ?? new StdioChannel(this.target, new Trace());
  }

  /** Processes started and not yet handed over. */
  get waiting(): number {
    return this.ready.length;
  }

  /** Closes every process not handed over; the pool starts no more, and `take` spawns on demand. */
  async close(): Promise<void> {
    this.closed = true;
    const left = this.ready.splice(0);
    await Promise.all(left.map((channel) => channel.close().catch(() => undefined)));
  }

  private fill(): void {
    while (!this.closed && this.ready.length < this.size) this.ready.push(new StdioChannel(this.target, new Trace()));
  }
}

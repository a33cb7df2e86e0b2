/**
 * Fresh stdio processes started ahead of need: a check that needs a connection of its own gets a
 * process that has been starting up while other checks ran, so a server that takes seconds to
 * start costs those seconds once per run rather than once per fresh connection. Bounded (`size`
 * processes at most), refilled as they are taken, and every process not handed over is closed
 * with the pool (on Ctrl-C, the wire layer's exit hook kills what is left).
 *
 * Sized to demand: checks say how many fresh processes they may take (`freshProcesses`), and the
 * pool keeps starting processes only while the checks still to run or running may take them; a
 * check that ends gives back what it did not take. A run that needs few starts few.
 *
 * A pooled process is handed over untouched: nothing is written to it before the taker's own
 * first message, because several checks judge the first message a process receives.
 */
import { StdioChannel } from '../protocol/stdio-channel.js';
import type { StdioTarget } from '../wire/target.js';
import { Trace } from '../wire/trace.js';

/**
 * Processes kept starting at most, by default, for each check that runs at once: a check takes up
 * to two at a time (two connections compared side by side), so the checks in flight never wait
 * for want of a slot, and a run with `--concurrency 1` keeps two.
 */
export const WARM_PROCESSES_PER_CHECK = 2;

/** What a check's context takes fresh processes from. */
export interface ProcessSource {
  take(): StdioChannel;
}

export class WarmPool implements ProcessSource {
  private readonly ready: StdioChannel[] = [];
  private closed = false;

  /** `demand`: how many processes the run may still take (the pool never starts more). */
  constructor(
    readonly target: StdioTarget,
    readonly size: number = 4 * WARM_PROCESSES_PER_CHECK,
    private demand = size,
  ) {
    this.fill();
  }

  /** An untouched channel on a process that has been starting the longest (a new one when the pool is empty or closed). */
  take(): StdioChannel {
    this.demand = Math.max(0, this.demand - 1);
    let channel: StdioChannel | undefined;
    while ((channel = this.ready.shift())) {
      // One that exited while it waited would be judged for an exit that no check caused.
      if (!channel.hasExited) break;
      void channel.close();
    }
    this.fill();
    return channel ?? new StdioChannel(this.target, new Trace());
  }

  /** The run now knows its demand better (e.g. once the server's era and capabilities are known). */
  expect(processes: number): void {
    this.demand = Math.max(0, processes);
    this.fill();
  }

  /** A check's share of the demand: what it takes counts, and what it did not take is given back when it ends. */
  lease(processes: number): ProcessSource & { end(): void } {
    let left = processes;
    return {
      take: () => {
        // Beyond its hint a check still gets a process, without using up others' demand.
        if (left > 0) left--;
        else this.demand++;
        return this.take();
      },
      end: () => {
        this.demand = Math.max(0, this.demand - left);
        left = 0;
      },
    };
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
    while (!this.closed && this.ready.length < Math.min(this.size, this.demand)) this.ready.push(new StdioChannel(this.target, new Trace()));
  }
}

/**
 * One memory budget shared by many traces. A check run opens dozens of connections, each with its
 * own trace; under a flood each trace filled its own cap and the run peaked near 1 GB. Traces that
 * join a budget report what they keep; once the sum passes the budget, the largest traces drop
 * their oldest frames (each into its marker) until the sum is back under 90% of it.
 */

/** What a trace must offer its budget: drop its oldest frames down to these targets (keeping its newest). */
export interface Sheddable {
  shedTo(frameTarget: number, byteTarget: number): void;
}

/** A trace's share of a budget: what it keeps now. */
export interface BudgetShare {
  frames: number;
  rawBytes: number;
}

interface Member extends BudgetShare {
  /** Weak: the budget must not keep a finished connection's trace alive. */
  ref: WeakRef<Sheddable>;
}

export class TraceBudget {
  private readonly members = new Set<Member>();
  private readonly collected = new FinalizationRegistry<Member>((member) => this.leave(member));
  private frames = 0;
  private rawBytes = 0;
  private shedding = false;

  constructor(
    readonly maxFrames: number,
    readonly maxRawBytes: number,
  ) {}

  join(trace: Sheddable): BudgetShare {
    const member: Member = { ref: new WeakRef(trace), frames: 0, rawBytes: 0 };
    this.members.add(member);
    this.collected.register(trace, member);
    return member;
  }

  /** A member now keeps `frames` more frames and `rawBytes` more characters (negative when it dropped some). */
  change(share: BudgetShare, frames: number, rawBytes: number): void {
    share.frames += frames;
    share.rawBytes += rawBytes;
    this.frames += frames;
    this.rawBytes += rawBytes;
    if (!this.shedding && (this.frames > this.maxFrames || this.rawBytes > this.maxRawBytes)) this.shed();
  }

  /** Frames and characters kept by every member together. */
  get used(): BudgetShare {
    return { frames: this.frames, rawBytes: this.rawBytes };
  }

  private leave(member: Member): void {
    if (!this.members.delete(member)) return;
    this.frames -= member.frames;
    this.rawBytes -= member.rawBytes;
  }

  /** Largest first, until the sum is under 90% of the budget (so the cost is amortised over many adds). */
  private shed(): void {
    this.shedding = true;
    const frameTarget = Math.floor(this.maxFrames * 0.9);
    const byteTarget = Math.floor(this.maxRawBytes * 0.9);
    const tried = new Set<Member>();
    try {
      while (this.frames > frameTarget || this.rawBytes > byteTarget) {
        const byBytes = this.rawBytes > byteTarget;
        let largest: Member | undefined;
        for (const member of this.members) {
          if (tried.has(member)) continue;
          if (!largest || (byBytes ? member.rawBytes > largest.rawBytes : member.frames > largest.frames)) largest = member;
        }
        if (!largest) return;
        tried.add(largest);
        const trace = largest.ref.deref();
        if (!trace) {
          this.leave(largest);
          continue;
        }
        const excessFrames = Math.max(0, this.frames - frameTarget);
        const excessBytes = Math.max(0, this.rawBytes - byteTarget);
        trace.shedTo(Math.max(0, largest.frames - excessFrames), Math.max(0, largest.rawBytes - excessBytes));
      }
    } finally {
      this.shedding = false;
    }
  }
}

/**
 * One bound on the response-body bytes held at once by every HTTP exchange of the process. Each
 * exchange is capped (64 MiB), but `check` runs many at once: against an endless body or a gzip
 * bomb each filled its own cap and a run peaked past 1 GB. An exchange holds what it has read and
 * not yet handed on (a whole JSON body; an SSE event not yet complete); once the sum would pass
 * the budget, the exchange that asked fails as oversize.
 */

/** Room for one body at the per-exchange cap and others beside it: a legitimate large answer is never refused alone. */
export const BODY_BUDGET_BYTES = 96 * 1024 * 1024;

export class BodyBudget {
  private held = 0;

  constructor(readonly maxBytes: number) {}

  /** Holds `bytes` more; false (holding nothing) when that would pass the budget. */
  take(bytes: number): boolean {
    if (this.held + bytes > this.maxBytes) return false;
    this.held += bytes;
    return true;
  }

  release(bytes: number): void {
    this.held = Math.max(0, this.held - bytes);
  }

  get heldBytes(): number {
    return this.held;
  }
}

/** The process's budget: a CLI run is one process, and a library user's runs share its memory too. */
export const bodyBudget = new BodyBudget(BODY_BUDGET_BYTES);

/**
 * Bounds on the text a report page carries, whatever the server sent: each piece is cut to a cap,
 * and all pieces together draw on one budget, after which only a short head of each is kept.
 * The JSON report has everything whole.
 */
import { truncate } from '../frame-text.js';

/** Characters kept of one frame's text (raw or pretty JSON). */
export const RAW_CHARS_IN_PAGE = 10_000;
/** Characters of frame text the whole page carries before it keeps only heads. */
export const PAGE_TEXT_BUDGET = 4_000_000;
/** What a piece keeps once the budget is spent. */
const HEAD_CHARS = 200;

export class TextBudget {
  constructor(private left: number = PAGE_TEXT_BUDGET) {}

  take(text: string, cap: number = RAW_CHARS_IN_PAGE): string {
    const kept = truncate(text, Math.min(cap, Math.max(HEAD_CHARS, this.left)));
    this.left -= Math.min(text.length, cap);
    return kept;
  }
}

/** A list cut to `max` items, and how many were left out. */
export function capList<T>(items: readonly T[], max: number): { shown: T[]; omitted: number } {
  return { shown: items.slice(0, max), omitted: Math.max(0, items.length - max) };
}

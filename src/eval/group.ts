/** Grouping of runs, stats and rows by a key, keeping first-seen order (the order reports list them in). */

export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Entries grouped by model and variant: `{ model, variant?, entries }` each. */
export function byCombo<T extends { model: string; variant?: string }>(entries: readonly T[]): Array<{ model: string; variant?: string; entries: T[] }> {
  return [...groupBy(entries, (entry) => JSON.stringify([entry.model, entry.variant ?? null])).values()].map((list) => ({
    model: list[0]!.model,
    ...(list[0]!.variant !== undefined ? { variant: list[0]!.variant } : {}),
    entries: list,
  }));
}

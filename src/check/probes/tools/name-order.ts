/** Comparing two listings of tool names: order of the names both share, and set differences. */
import { isObject } from '../../../protocol/jsonrpc.js';

export const namesOf = (items: unknown[]): string[] =>
  items.map((item) => (isObject(item) && typeof item.name === 'string' ? item.name : undefined)).filter((name): name is string => name !== undefined);

/** Where the shared names first appear in a different order, in words; undefined when the order is the same. */
export function orderDifference(first: string[], second: string[]): string | undefined {
  // Sets, not Array.includes: a listing of 200,000 tools made this quadratic (minutes).
  const inBoth = (names: string[], other: string[]) => {
    const others = new Set(other);
    return names.filter((name) => others.has(name));
  };
  const a = inBoth(first, second);
  const b = inBoth(second, first);
  const at = a.findIndex((name, index) => name !== b[index]);
  if (at === -1) return undefined;
  return `position ${at + 1} is "${a[at]}" the first time and "${b[at]}" the second time (first: ${preview(a)}; second: ${preview(b)})`;
}

export function setDifference(first: string[], second: string[]): { onlyFirst: string[]; onlySecond: string[] } {
  const firsts = new Set(first);
  const seconds = new Set(second);
  return { onlyFirst: first.filter((name) => !seconds.has(name)), onlySecond: second.filter((name) => !firsts.has(name)) };
}

const preview = (names: string[]): string => (names.length > 8 ? `${names.slice(0, 8).join(', ')}, …` : names.join(', '));

/** Items of a list by a key; with duplicate keys the first one wins (servers SHOULD keep names unique). */
export function byKey<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

/** `*` and `?` globs for check ids and tool names (`tools.*`, `get_*`). */
export function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}

export function matchesAny(value: string, globs: string[]): boolean {
  return globs.some((glob) => globToRegExp(glob).test(value));
}

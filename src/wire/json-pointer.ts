// RFC 6901 JSON pointers: build them for findings, read them for local $refs.

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function pointer(base: string, ...tokens: Array<string | number>): string {
  return base + tokens.map((t) => '/' + escapeToken(String(t))).join('');
}

/** Resolves a pointer ('' or '/a/b') inside `root`; `undefined` when any step is missing. */
export function resolvePointer(root: unknown, ptr: string): unknown {
  if (ptr === '') return root;
  if (!ptr.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of ptr.slice(1).split('/')) {
    const token = unescapeToken(raw);
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (isPlainObject(node)) {
      if (!Object.hasOwn(node, token)) return undefined;
      node = node[token];
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

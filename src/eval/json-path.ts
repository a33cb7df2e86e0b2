/**
 * The small JSONPath subset of `toolResult.path`:
 *
 *   $            the whole value (every path starts with it)
 *   .name        a member of an object (name: letters, digits, _, $ and -, not starting with a digit)
 *   ['name']     a member by any name ("name" too; \' \" \\ escape inside)
 *   [0]          an item of an array (0-based)
 *   [*]          every item of an array, every member value of an object
 *
 * e.g. `$.items[0].name`, `$['content-type']`, `$.notes[*].title`. A step that finds nothing
 * (no such member, index past the end, wrong kind of value) drops that branch; a path may find
 * nothing at all, or several values through `[*]`.
 */

export type PathStep = { member: string } | { index: number } | { wildcard: true };

export type ParsedPath = { ok: true; steps: PathStep[] } | { ok: false; error: string };

const NAME = /^[A-Za-z_$][\w$-]*/;

export function parseJsonPath(path: string): ParsedPath {
  if (!path.startsWith('$')) return { ok: false, error: 'a path starts with $ (e.g. $.items[0].name)' };
  const steps: PathStep[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    if (rest.startsWith('.')) {
      const name = NAME.exec(rest.slice(1));
      if (!name) return { ok: false, error: `after "." comes a member name (use ['…'] for other names), at "${rest}"` };
      steps.push({ member: name[0] });
      rest = rest.slice(1 + name[0].length);
    } else if (rest.startsWith('[*]')) {
      steps.push({ wildcard: true });
      rest = rest.slice(3);
    } else if (/^\[\d+\]/.test(rest)) {
      const digits = (/^\[(\d+)\]/.exec(rest) as RegExpExecArray)[1] as string;
      const index = Number(digits);
      if (!Number.isSafeInteger(index)) return { ok: false, error: `index ${digits} is too large` };
      steps.push({ index });
      rest = rest.slice(digits.length + 2);
    } else if (rest.startsWith("['") || rest.startsWith('["')) {
      const quoted = readQuoted(rest.slice(1));
      if (!quoted) return { ok: false, error: `unterminated quoted name at "${rest}"` };
      steps.push({ member: quoted.name });
      rest = rest.slice(1 + quoted.length);
      if (!rest.startsWith(']')) return { ok: false, error: `expected "]" after the quoted name, at "${rest}"` };
      rest = rest.slice(1);
    } else {
      return { ok: false, error: `expected .name, ['name'], [0] or [*] at "${rest}"` };
    }
  }
  return { ok: true, steps };
}

/** A quoted name at the start of `text`: its value and how many characters it took. */
function readQuoted(text: string): { name: string; length: number } | undefined {
  const quote = text[0];
  let name = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c === quote) return { name, length: i + 1 };
    if (c === '\\') {
      const next = text[i + 1];
      if (next !== "'" && next !== '"' && next !== '\\') return undefined;
      name += next;
      i++;
    } else name += c;
  }
  return undefined;
}

/** Every value the path finds in `value` (none, one, or several through [*]). */
export function evaluateJsonPath(steps: readonly PathStep[], value: unknown): unknown[] {
  let found: unknown[] = [value];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const current of found) {
      if ('wildcard' in step) {
        if (Array.isArray(current)) next.push(...current);
        else if (isObject(current)) next.push(...Object.values(current));
      } else if ('index' in step) {
        if (Array.isArray(current) && step.index < current.length) next.push(current[step.index]);
      } else if (isObject(current) && Object.hasOwn(current, step.member)) {
        next.push(current[step.member]);
      }
    }
    found = next;
  }
  return found;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

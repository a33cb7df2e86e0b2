/**
 * A YAML (or JSON) file read as a plain value plus the line of every field in it, so that each
 * mistake in a tasks or variants file can be reported at its line and field path.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/** A field path: keys and list indexes from the root, e.g. ['tasks', 1, 'expect']. */
export type FieldPath = ReadonlyArray<string | number>;

export interface YamlWithLines {
  value: unknown;
  /** Syntax errors (the value is not usable when there are any). */
  syntaxErrors: Array<{ line: number; message: string }>;
  /** The line of the field at `path`, else of its nearest ancestor that has one (1 at worst). */
  lineOf(path: FieldPath): number;
}

/** `tasks[1].expect.toolCalls[0].name`; keys that are not plain words are quoted: `tools["a.b"]`. */
export function formatPath(path: FieldPath): string {
  let text = '';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(step)) text += text === '' ? step : `.${step}`;
    else text += `[${JSON.stringify(step)}]`;
  }
  return text;
}

// Anchors and aliases are YAML; a file expanding to millions of nodes is not a tasks file.
const MAX_ALIAS_COUNT = 100;

export function parseYamlWithLines(text: string): YamlWithLines {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const lines = new Map<string, number>();
  const lineAt = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
  const syntaxErrors = document.errors.map((error) => ({
    line: error.linePos?.[0]?.line ?? lineAt(error.pos[0]) ?? 1,
    message: (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, ''),
  }));
  let value: unknown;
  if (syntaxErrors.length === 0) {
    try {
      value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      syntaxErrors.push({ line: 1, message: (error as Error).message });
    }
    record(document.contents, [], lines, lineAt);
  }
  return {
    value,
    syntaxErrors,
    lineOf(path) {
      for (let length = path.length; length > 0; length--) {
        const line = lines.get(formatPath(path.slice(0, length)));
        if (line !== undefined) return line;
      }
      return lineAt(document.contents?.range?.[0]) ?? 1;
    },
  };
}

/** A key's line for a map entry (where its mistake is written), an item's own line in a list. */
function record(node: unknown, path: FieldPath, lines: Map<string, number>, lineAt: (offset: number | undefined) => number | undefined): void {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (typeof key !== 'string' && typeof key !== 'number') continue;
      const child = [...path, String(key)];
      const line = lineAt((pair.key as Node).range?.[0]);
      if (line !== undefined) lines.set(formatPath(child), line);
      record(pair.value, child, lines, lineAt);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => {
      const child = [...path, index];
      const line = lineAt((item as Node | null)?.range?.[0]);
      if (line !== undefined) lines.set(formatPath(child), line);
      record(item, child, lines, lineAt);
    });
  }
}

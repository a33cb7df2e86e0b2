// The spec's tool-name rules (SEP-986, all SHOULD): 1-128 characters of A-Z a-z 0-9 _ - .
import type { ToolContext } from '../context.js';

const SPEC_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export function checkToolName({ tool, report }: ToolContext): void {
  const name = tool.name;
  if (typeof name !== 'string') {
    report('tool.name-missing', '/name', name === undefined ? 'The tool has no `name`.' : 'The tool `name` is not a string.');
    return;
  }
  if (!SPEC_NAME.test(name)) {
    const why =
      name.length === 0
        ? 'is empty'
        : name.length > 128
          ? `is ${name.length} characters long (at most 128)`
          : `contains ${describeChars(name, /[^A-Za-z0-9_.-]/g)}`;
    report('tool.name-format', '/name', `Tool name "${name}" ${why}.`);
  }
}

/** Lists the offending characters of a name, readable even when they are spaces or control characters. */
export function describeChars(name: string, bad: RegExp): string {
  const chars = [...new Set(name.match(bad) ?? [])].map((c) => JSON.stringify(c));
  return chars.length ? `the character(s) ${chars.join(', ')}` : 'characters outside the allowed set';
}

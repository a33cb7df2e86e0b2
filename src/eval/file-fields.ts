/**
 * Reading the fields of a YAML file (tasks, variants) while collecting every mistake, each at its
 * line and field path: `tasks.yaml:7: tasks[1].expect.toolCalls[0].name: required`. Readers
 * return undefined for a missing or wrong value so that the checks after them go on.
 */
import { readFileSync } from 'node:fs';
import { oneLine } from '../wire/control-chars.js';
import { type FieldPath, formatPath, parseYamlWithLines, type YamlWithLines } from './yaml-lines.js';

/** A file with mistakes: one line per mistake, in file order. */
export class EvalFileError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'EvalFileError';
  }
}

export type Fields = Record<string, unknown>;

interface Problem {
  line: number;
  order: number;
  text: string;
}

export class FieldReader {
  private readonly problems: Problem[] = [];

  constructor(
    readonly source: string,
    private readonly yaml: YamlWithLines,
  ) {}

  /** Reads the file's text as YAML; syntax errors are reported (and the value is undefined). */
  static parse(text: string, source: string): { reader: FieldReader; value: unknown } {
    const yaml = parseYamlWithLines(text);
    const reader = new FieldReader(source, yaml);
    for (const error of yaml.syntaxErrors)
      reader.problems.push({ line: error.line, order: reader.problems.length, text: `${source}:${error.line}: ${oneLine(error.message)}` });
    return { reader, value: yaml.syntaxErrors.length > 0 ? undefined : yaml.value };
  }

  get failed(): boolean {
    return this.problems.length > 0;
  }

  report(path: FieldPath, message: string): void {
    const line = this.yaml.lineOf(path);
    const where = formatPath(path);
    this.problems.push({ line, order: this.problems.length, text: `${this.source}:${line}: ${where === '' ? '' : `${where}: `}${message}` });
  }

  /** Every mistake, in file order. */
  lines(): string[] {
    return [...this.problems].sort((a, b) => a.line - b.line || a.order - b.order).map((problem) => problem.text);
  }

  lineOf(path: FieldPath): number {
    return this.yaml.lineOf(path);
  }

  /** A mapping whose keys are all among `keys` (an unknown key is a mistake: typos must not pass). */
  object(value: unknown, path: FieldPath, keys: readonly string[]): Fields | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.report(path, `must be a mapping (key: value), not ${kindOf(value)}`);
      return undefined;
    }
    const fields = value as Fields;
    for (const key of Object.keys(fields)) {
      if (keys.includes(key)) continue;
      const near = closest(key, keys);
      this.report([...path, key], `unknown key${near ? ` (did you mean ${near}?)` : ''}; allowed: ${keys.join(', ')}`);
    }
    return fields;
  }

  /** A mapping from any names to values (tool names, parameter names). */
  dictionary(value: unknown, path: FieldPath): Fields | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.report(path, `must be a mapping (name: value), not ${kindOf(value)}`);
      return undefined;
    }
    return value as Fields;
  }

  required(fields: Fields, key: string, path: FieldPath): unknown {
    if (fields[key] === undefined || fields[key] === null) this.report([...path, key], 'required');
    return fields[key] ?? undefined;
  }

  list(value: unknown, path: FieldPath, options: { nonEmpty?: string } = {}): unknown[] | undefined {
    if (!Array.isArray(value)) {
      this.report(path, `must be a list, not ${kindOf(value)}`);
      return undefined;
    }
    if (options.nonEmpty !== undefined && value.length === 0) this.report(path, options.nonEmpty);
    return value;
  }

  string(value: unknown, path: FieldPath): string | undefined {
    if (typeof value !== 'string') {
      this.report(path, `must be a string, not ${kindOf(value)}`);
      return undefined;
    }
    if (value.trim() === '') {
      this.report(path, 'must not be empty');
      return undefined;
    }
    return value;
  }

  stringList(value: unknown, path: FieldPath): string[] | undefined {
    const items = this.list(value, path);
    if (!items) return undefined;
    const strings = items.map((item, index) => this.string(item, [...path, index]));
    return strings.every((item) => item !== undefined) ? (strings as string[]) : undefined;
  }

  boolean(value: unknown, path: FieldPath): boolean | undefined {
    if (typeof value !== 'boolean') {
      this.report(path, `must be true or false, not ${kindOf(value)}`);
      return undefined;
    }
    return value;
  }

  integer(value: unknown, path: FieldPath, min: number, max: number): number | undefined {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.report(path, `must be a whole number from ${min} to ${max}, not ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  number(value: unknown, path: FieldPath, min: number, max: number): number | undefined {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      this.report(path, `must be a number from ${min} to ${max}, not ${describe(value)}`);
      return undefined;
    }
    return value;
  }
}

/** Reads a file for a loader; a file that cannot be read is one mistake like the others. */
export function readFileText(path: string, make: (lines: string[]) => EvalFileError): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw make([`${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`]);
  }
}

export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string ${clip(JSON.stringify(value))}`;
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`;
}

function describe(value: unknown): string {
  return typeof value === 'number' ? String(value) : kindOf(value);
}

function clip(text: string): string {
  return oneLine(text.length <= 60 ? text : `${text.slice(0, 60)}…`);
}

/** The allowed key a typo most likely meant (at most two edits away, ignoring case). */
function closest(key: string, keys: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of keys) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || a.length > 64 || b.length > 64) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length] as number;
}

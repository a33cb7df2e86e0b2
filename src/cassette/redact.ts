/**
 * Redaction before anything reaches a cassette: values of the env given to the server, credential
 * headers, key- and token-shaped strings, fields named like secrets, and the user's --redact
 * patterns. Each is replaced by `[REDACTED:<kind>]`; the Redactor counts what it replaced so the
 * cassette header can say what was removed, never what it was.
 */
import { SECRET_FIELD, SECRET_HEADERS, TOKEN_SHAPES } from '../wire/secret-shapes.js';
import { literalForms, MIN_SECRET_LENGTH, type SecretValue } from '../wire/secret-values.js';
import type { Redaction } from '../relay/cassette-format.js';
import { parseJson } from '../wire/json-depth.js';

export interface RedactorOptions {
  /** Environment the server was started with (-e and config env): their values are secrets. */
  env?: Record<string, string>;
  /** Headers given for the server (--header): their values are secrets wherever they show up. */
  headers?: Record<string, string>;
  /** The run's secret values (wire/secret-values.ts: env, header and --url query values). */
  secrets?: readonly SecretValue[];
  /** User patterns (--redact); matched on every string and on the raw frame text. */
  patterns?: RegExp[];
}

type Kind = Redaction['kind'];

/** Key and token shapes (shared), and `Bearer x` / `Basic x` / `Token x`, whose scheme word is kept. */
const TOKENS: { name: string; pattern: RegExp; keepPrefix?: boolean }[] = [
  { name: 'bearer', pattern: /\b((?:Bearer|Basic|Token)\s+)[A-Za-z0-9._~+/=-]{8,}/gi, keepPrefix: true },
  ...TOKEN_SHAPES,
];

export function placeholder(kind: Kind): string {
  return `[REDACTED:${kind}]`;
}

/** True when a recorded string had something redacted in it (replay treats that part as a wildcard). */
export const REDACTED_MARK = /\[REDACTED:(?:env|header|query|token|pattern)\]/;

export class Redactor {
  private readonly counts = new Map<string, Redaction>();
  private readonly literals: { kind: Kind; name: string; value: string }[];
  private readonly patterns: RegExp[];

  constructor(options: RedactorOptions = {}) {
    // Longest first, so a value that contains another is replaced whole.
    const given: SecretValue[] = [
      ...Object.entries(options.env ?? {}).map(([name, value]) => ({ kind: 'env' as const, name, value })),
      ...Object.entries(options.headers ?? {}).map(([name, value]) => ({ kind: 'header' as const, name: name.toLowerCase(), value })),
      ...(options.secrets ?? []),
    ];
    const literals = new Map<string, { kind: Kind; name: string; value: string }>();
    for (const { kind, name, value } of given) {
      if (value.length < MIN_SECRET_LENGTH) continue;
      for (const form of literalForms(value)) if (!literals.has(form)) literals.set(form, { kind, name, value: form });
    }
    this.literals = [...literals.values()].sort((a, b) => b.value.length - a.value.length);
    this.patterns = (options.patterns ?? []).map((pattern) => new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g'));
  }

  /** What was redacted so far: kind, name and count, never a value. */
  summary(): Redaction[] {
    return [...this.counts.values()].filter((entry) => entry.count > 0);
  }

  /**
   * A frame's raw text. JSON is redacted string by string (so escaping cannot hide an env value and
   * a replacement cannot break the JSON), then user patterns also run on the raw text, because a
   * user may have written them for the wire form (e.g. `"apiKey":"[^"]*"`).
   */
  text(raw: string): string {
    let out = raw;
    const parsed = tryParse(raw);
    if (parsed !== undefined && typeof parsed === 'object' && parsed !== null) {
      let changed = false;
      const walked = this.walk(parsed, undefined, () => (changed = true));
      if (changed) out = JSON.stringify(walked);
    } else {
      out = this.string(raw);
    }
    return this.applyPatterns(out);
  }

  /** Header values: credential headers whole, other values scanned like any string. */
  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (SECRET_HEADERS.has(lower) && value !== '') {
        this.count('header', lower, 1);
        out[lower] = placeholder('header');
      } else {
        out[lower] = this.applyPatterns(this.string(value));
      }
    }
    return out;
  }

  /** A plain string (a target description, a header value, a non-JSON line). */
  string(value: string): string {
    let out = value;
    for (const { kind, name, value: secret } of this.literals) out = this.replaceLiteral(out, secret, kind, name);
    for (const [index, pattern] of this.patterns.entries()) out = this.replacePattern(out, pattern, 'pattern', patternName(index));
    for (const shape of TOKENS) out = this.replacePattern(out, shape.pattern, 'token', shape.name, shape.keepPrefix);
    return out;
  }

  private walk(value: unknown, key: string | undefined, onChange: () => void): unknown {
    if (typeof value === 'string') {
      if (key !== undefined && SECRET_FIELD.test(key) && value !== '' && !REDACTED_MARK.test(value)) {
        this.count('token', `field ${key}`, 1);
        onChange();
        return placeholder('token');
      }
      const redacted = this.string(value);
      if (redacted !== value) onChange();
      return redacted;
    }
    if (Array.isArray(value)) return value.map((item) => this.walk(item, undefined, onChange));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.walk(item, name, onChange)]));
    }
    return value;
  }

  private applyPatterns(text: string): string {
    let out = text;
    for (const [index, pattern] of this.patterns.entries()) out = this.replacePattern(out, pattern, 'pattern', patternName(index));
    return out;
  }

  private replaceLiteral(text: string, secret: string, kind: Kind, name: string): string {
    if (!text.includes(secret)) return text;
    const parts = text.split(secret);
    this.count(kind, name, parts.length - 1);
    return parts.join(placeholder(kind));
  }

  private replacePattern(text: string, pattern: RegExp, kind: Kind, name: string, keepPrefix = false): string {
    pattern.lastIndex = 0;
    return text.replace(pattern, (match: string, ...groups: unknown[]) => {
      if (match === '') return match;
      this.count(kind, name, 1);
      const prefix = keepPrefix && typeof groups[0] === 'string' ? groups[0] : '';
      return prefix + placeholder(kind);
    });
  }

  private count(kind: Kind, name: string, by: number): void {
    const key = `${kind}\u0000${name}`;
    const entry = this.counts.get(key) ?? { kind, name, count: 0 };
    entry.count += by;
    this.counts.set(key, entry);
  }
}

/** A --redact pattern is named by its position: its source may itself be the secret. */
function patternName(index: number): string {
  return `--redact #${index + 1}`;
}

function tryParse(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

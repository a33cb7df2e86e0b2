/**
 * The secret values of a run: what the user handed the server (values of -e env, --header and
 * the --url query string, and the same from a --config entry). Servers echo them back, so every
 * output path masks them literally, wherever they appear. The CLI remembers them once, when it
 * resolves the target; each redactor reads them from here.
 */
import type { Target } from './target.js';

export interface SecretValue {
  kind: 'env' | 'header' | 'query' | 'token';
  /** The env variable, header (lower case), query parameter or --token-* flag: what a summary may name. */
  name: string;
  value: string;
}

/** Shorter values ("1", "dev") are too common to be secrets; masking them would mangle every line. */
export const MIN_SECRET_LENGTH = 4;

export function secretValuesOf(target: Target): SecretValue[] {
  const values: SecretValue[] = [];
  const add = (kind: SecretValue['kind'], name: string, value: string) => {
    if (value.length >= MIN_SECRET_LENGTH) values.push({ kind, name, value });
  };
  if (target.transport === 'stdio') {
    for (const [name, value] of Object.entries(target.env ?? {})) add('env', name, value);
    return values;
  }
  for (const [name, value] of Object.entries(target.headers ?? {})) add('header', name.toLowerCase(), value);
  try {
    for (const [name, value] of new URL(target.url).searchParams) add('query', name, value);
  } catch {
    // Not a URL: resolveTarget rejects it before anything runs.
  }
  return values;
}

/** The forms a value takes in output: as is, JSON-escaped and URL-encoded (a server may echo any). */
export function literalForms(value: string): string[] {
  const forms = new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

const remembered: SecretValue[] = [];

/** Called by the CLI for every target it resolves (the primary and a replica). */
export function rememberSecrets(values: readonly SecretValue[]): void {
  for (const value of values) if (!remembered.some((known) => known.value === value.value)) remembered.push(value);
}

export function rememberedSecrets(): readonly SecretValue[] {
  return remembered;
}

/** Every literal form of the remembered values, longest first so a value containing another is masked whole. */
export function rememberedLiterals(): string[] {
  return [...new Set(remembered.flatMap((secret) => literalForms(secret.value)))].sort((a, b) => b.length - a.length);
}

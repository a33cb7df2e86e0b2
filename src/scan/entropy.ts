/**
 * How random a string looks: Shannon entropy per character, and the shapes of values that are
 * random but public (UUIDs, hex hashes, base64 media), which a secret scanner must not report.
 */

/** Bits per character of `text`'s own character distribution (0 for one repeated character). */
export function entropyPerChar(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Estimated bits in the whole string: a lower bound for guessing it. */
export const totalEntropy = (text: string): number => entropyPerChar(text) * text.length;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A hex digest (git commit, sha-256, md5, etag): random, but a fingerprint, not a key. */
const HEX_DIGEST = /^(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{56}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$/i;

export const isUuid = (text: string): boolean => UUID.test(text);
export const isHexDigest = (text: string): boolean => HEX_DIGEST.test(text);

/** Placeholders documentation and redacting servers print instead of a secret. */
const PLACEHOLDER =
  /^(?:[*x•#.\-_]+|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|%[A-Z_]+%|(?:your|my|example|sample|dummy|fake|test|changeme|redacted|hidden|secret|none|null|undefined|placeholder)\b.*)$/i;
export const isPlaceholder = (text: string): boolean => PLACEHOLDER.test(text);

/**
 * A value that looks like a generated credential: long enough, no spaces, several character
 * classes, a high entropy per character, and not one of the random-but-public shapes.
 */
export function looksLikeGeneratedSecret(value: string, minLength = 12): boolean {
  if (value.length < minLength || value.length > 512 || /\s/.test(value)) return false;
  if (isPlaceholder(value) || isUuid(value) || isHexDigest(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(value)).length;
  if (classes < 2) return false;
  return entropyPerChar(value) >= 3;
}

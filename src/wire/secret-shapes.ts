/**
 * What a credential looks like, in one place for every redactor (reports, cassettes, CLI
 * errors): the headers whose value is a credential, the field names whose value is one, and the
 * key and token shapes of common providers.
 */

/** Headers whose whole value is a credential (lower-case names). */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
  'x-access-token',
]);

/** The words that name a credential, as a regular-expression alternation (for fields and `key=value`). */
export const SECRET_KEY_WORDS = `access[-_]?token|refresh[-_]?token|id[-_]?token|token|api[-_]?key|apikey|secret|client[-_]?secret|password|passwd|private[-_]?key|auth[-_]?token|session[-_]?token`;

/** Object keys whose value is a credential whatever it looks like (tool arguments, OAuth bodies). */
export const SECRET_FIELD = new RegExp(`^(?:${SECRET_KEY_WORDS}|authorization|cookie)$`, 'i');

/** Key and token shapes of common providers, named for redaction summaries. */
export const TOKEN_SHAPES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'private-key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g },
  { name: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g },
  { name: 'openai-anthropic-stripe-key', pattern: /\b(?:sk|pk|rk)[-_](?:live[-_]|test[-_]|proj[-_]|ant[-_])?[A-Za-z0-9_-]{16,}/g },
  { name: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { name: 'gitlab-token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { name: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { name: 'aws-access-key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { name: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
];

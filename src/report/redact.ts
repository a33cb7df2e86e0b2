/**
 * The one place evidence is scrubbed before any report shows it: every renderer calls
 * `redactReport` first. Frames and curl commands can carry credentials the user gave
 * (--header Authorization), cookies, tokens in query strings or bodies; reports end up
 * in CI artifacts, so they are masked by context (header names, `Bearer`, `key=value`,
 * URL query strings) and by shape (JWTs, well-known key prefixes, long mixed-case opaque
 * strings), plus any literal values the caller names.
 */
import type { CheckResult, Evidence, RunReport } from '../check/types.js';
import type { Frame, HttpMeta } from '../wire/trace.js';
import { redactUrl } from '../wire/target.js';
import { SECRET_FIELD, SECRET_HEADERS, SECRET_KEY_WORDS, TOKEN_SHAPES } from '../wire/secret-shapes.js';
import { literalForms, rememberedLiterals } from '../wire/secret-values.js';
import { MAX_JSON_DEPTH } from '../wire/json-depth.js';

export const REDACTED = 'REDACTED';

const KEY_WORDS = SECRET_KEY_WORDS;

/** [pattern, replacement]; each keeps the context and drops the value, so it is idempotent. */
const CONTEXT_PATTERNS: [RegExp, string][] = [
  // `Authorization: Bearer x` at a line start or after a quote (curl -H 'Authorization: ...', HTTP dumps),
  // not in prose such as "missing authorization: ...".
  [/(?<![^\r\n'"])(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token|x-access-token)(\s*:\s*)[^'"\r\n]+/gi, `$1$2${REDACTED}`],
  // JSON bodies: "authorization": "Bearer x" (also with escaped quotes inside a JSON string).
  [/((?:\\?["'])(?:authorization|proxy-authorization|cookie|set-cookie)(?:\\?["'])\s*:\s*(?:\\?["']))(?:[^"'\\]|\\(?!["']))+/gi, `$1${REDACTED}`],
  // token=x, "api_key": "x", password: x -- not progressToken / nextCursor (no letter before).
  [
    new RegExp(String.raw`((?<![A-Za-z0-9_])(?:\\?["'])?(?:${KEY_WORDS})(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?)[A-Za-z0-9._~+/=-][^"'\s&,;}\]\\]*`, 'gi'),
    `$1${REDACTED}`,
  ],
  // Command-line flags of a stdio target: --api-key x, --token=x.
  [new RegExp(String.raw`(--[A-Za-z-]*(?:${KEY_WORDS})[= ])[^\s'"]+`, 'gi'), `$1${REDACTED}`],
];

/** Long opaque strings that mix upper case, lower case and digits look like keys; hex hashes and UUIDs do not. */
const OPAQUE = /(?<![A-Za-z0-9_+/-])[A-Za-z0-9_+/-]{40,}={0,2}/g;
function looksLikeToken(text: string): boolean {
  return /[a-z]/.test(text) && /[A-Z]/.test(text) && /[0-9]/.test(text);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>`\\]+/g;

export interface RedactOptions {
  /**
   * Literal values to mask wherever they appear (shorter than 4 characters: ignored), on top of
   * the secret values the CLI remembered for the run (wire/secret-values.ts).
   */
  secrets?: readonly string[];
}

/**
 * `Bearer x` / `Basic x` credentials, but not an auth-param of a challenge
 * (`WWW-Authenticate: Bearer resource_metadata="..."` is evidence auth checks need) nor prose ("Bearer token").
 */
const SCHEME_CREDENTIAL = /\b(bearer|basic)(\s+)([A-Za-z0-9._~+/=-]+)/gi;
function redactSchemeCredential(match: string, scheme: string, space: string, value: string): string {
  if (/^[A-Za-z_]+=/.test(value) || /^[a-z]+$/.test(value) || value === REDACTED) return match;
  return `${scheme}${space}${REDACTED}`;
}

/** Replaces the literal secret values (given and remembered, in every form they take) by REDACTED. */
export function maskLiterals(text: string, secrets: readonly string[] = []): string {
  const given = secrets.flatMap(literalForms);
  const literals = given.length === 0 ? rememberedLiterals() : [...new Set([...given, ...rememberedLiterals()])].sort((a, b) => b.length - a.length);
  let out = text;
  for (const literal of literals) if (out.includes(literal)) out = out.split(literal).join(REDACTED);
  return out;
}

export function redactText(text: string, options: RedactOptions = {}): string {
  let out = maskLiterals(text, options.secrets);
  out = out.replace(URL_PATTERN, (url) => redactUrl(url));
  out = out.replace(SCHEME_CREDENTIAL, redactSchemeCredential);
  for (const [pattern, replacement] of CONTEXT_PATTERNS) out = out.replace(pattern, replacement);
  for (const { pattern } of TOKEN_SHAPES) out = out.replace(pattern, REDACTED);
  return out.replace(OPAQUE, (match) => (looksLikeToken(match) ? REDACTED : match));
}

/** Parsed JSON: strings are scrubbed as text, and credential-named keys lose their value. */
export function redactValue(value: unknown, options: RedactOptions = {}, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, options);
  // Deeper than any message mcpvet parses: dropped rather than walked (or leaked unscrubbed).
  if (depth > MAX_JSON_DEPTH && value && typeof value === 'object') return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, options, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_FIELD.test(key) && (typeof item === 'string' || typeof item === 'number') ? REDACTED : redactValue(item, options, depth + 1);
    }
    return out;
  }
  return value;
}

function redactHeaders(headers: Record<string, string>, options: RedactOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : redactText(value, options);
  return out;
}

function redactHttp(http: HttpMeta, options: RedactOptions): HttpMeta {
  return { ...http, url: redactText(redactUrl(http.url), options), headers: redactHeaders(http.headers, options) };
}

export function redactFrame(frame: Frame, options: RedactOptions = {}): Frame {
  const out: Frame = { ...frame, raw: redactText(frame.raw, options) };
  if (frame.message !== undefined) out.message = redactValue(frame.message, options);
  if (frame.parseError !== undefined) out.parseError = redactText(frame.parseError, options);
  if (frame.http) out.http = redactHttp(frame.http, options);
  if (frame.detail) out.detail = redactValue(frame.detail, options) as Record<string, unknown>;
  return out;
}

export function redactEvidence(evidence: Evidence, options: RedactOptions = {}): Evidence {
  const out: Evidence = {};
  if (evidence.frames) out.frames = evidence.frames.map((frame) => redactFrame(frame, options));
  if (evidence.curl !== undefined) out.curl = redactText(evidence.curl, options);
  if (evidence.note !== undefined) out.note = redactText(evidence.note, options);
  return out;
}

function redactResult(result: CheckResult, options: RedactOptions): CheckResult {
  return {
    ...result,
    message: redactText(result.message, options),
    // A finding's message and location (a tool name, a pointer) are server text too.
    findings: (result.findings ?? []).map((f) => ({
      ...f,
      message: redactText(f.message, options),
      ...(f.location ? { location: redactValue(f.location, options) as typeof f.location } : {}),
    })),
    evidence: result.evidence.map((e) => redactEvidence(e, options)),
  };
}

/** A copy of the report safe to show or write: every renderer starts here. */
export function redactReport(report: RunReport, options: RedactOptions = {}): RunReport {
  const out: RunReport = {
    ...report,
    target: redactText(report.target, options),
    ...(report.eraReason !== undefined ? { eraReason: redactText(report.eraReason, options) } : {}),
    results: report.results.map((result) => redactResult(result, options)),
  };
  if (report.serverInfo) out.serverInfo = redactValue(report.serverInfo, options) as RunReport['serverInfo'];
  return out;
}

/**
 * The era probe as a pure classifier (outcome in, verdict out, no I/O), as in the official SDK.
 * Rules: 2026-07-28 basic/versioning#backward-compatibility-with-initialization-based-versions,
 * stdio#backward-compatibility, streamable-http#backward-compatibility (DIGEST §2).
 *
 * - A DiscoverResult means modern, unless its `supportedVersions` lists no modern version we speak
 *   but legacy ones: the only mutually supported versions need `initialize`, so legacy.
 * - A recognised modern error (-32020, -32021, -32022) means modern; -32022 is retried with a
 *   listed modern version, and is legacy when it lists only legacy versions.
 * - 401, 403 and 5xx are never evidence of era; neither is an HTTP timeout, nor a redirect (3xx),
 *   which mcpvet never follows: the versioning section's fallback is for 4xx answers only.
 * - Anything else (another error, another result, a 4xx without a modern body, no answer on stdio)
 *   leaves the server legacy by the spec; `undecided` marks the answers that came from a live
 *   server, which may still be a modern one without `server/discover` (if `initialize` fails too).
 */
import { ErrorCode, MODERN_ERROR_CODES } from './errors.js';
import { isObject, type JsonObject } from './jsonrpc.js';
import { eraOfVersion, MODERN_VERSIONS } from './versions.js';

export interface ProbeAnswer {
  result?: JsonObject;
  error?: { code: number; message: string; data?: unknown };
  /** HTTP only. */
  httpStatus?: number;
}

export type ProbeOutcome = { answer: ProbeAnswer } | { noAnswer: 'timeout' | 'closed' };

export interface ProbeContext {
  transport: 'stdio' | 'http';
  /** The version the probe was sent with. */
  requestedVersion: string;
}

export type EraVerdict =
  | { kind: 'modern'; reason: string /** Legacy versions the server also lists (dual era). */; legacyVersions: string[] }
  | { kind: 'retry'; version: string; reason: string }
  | { kind: 'legacy'; reason: string }
  | { kind: 'undecided'; reason: string }
  | { kind: 'refuse'; error: 'auth' | 'http' | 'timeout'; status?: number; reason: string };

const OURS = MODERN_VERSIONS as readonly string[];

export function classifyProbe(outcome: ProbeOutcome, context: ProbeContext): EraVerdict {
  if ('noAnswer' in outcome) {
    if (context.transport === 'http') return { kind: 'refuse', error: 'timeout', reason: 'no answer to server/discover' };
    return { kind: 'legacy', reason: outcome.noAnswer === 'timeout' ? 'no answer to server/discover' : 'the server exited on server/discover' };
  }
  const { result, error, httpStatus } = outcome.answer;
  if (httpStatus === 401 || httpStatus === 403)
    return { kind: 'refuse', error: 'auth', status: httpStatus, reason: httpStatus === 401 ? 'authorization required (HTTP 401)' : 'forbidden (HTTP 403)' };
  if (httpStatus !== undefined && httpStatus >= 300 && httpStatus < 400)
    return { kind: 'refuse', error: 'http', status: httpStatus, reason: `a redirect (HTTP ${httpStatus}), which mcpvet does not follow` };
  if (httpStatus !== undefined && httpStatus >= 500) return { kind: 'refuse', error: 'http', status: httpStatus, reason: `server error (HTTP ${httpStatus})` };

  if (result && isDiscoverResult(result)) {
    const listed = stringsOf(result.supportedVersions);
    const legacy = listed.filter((version) => eraOfVersion(version) === 'legacy');
    if (Array.isArray(result.supportedVersions) && !listed.some((version) => eraOfVersion(version) === 'modern') && legacy.length > 0) {
      return { kind: 'legacy', reason: `server/discover answered, but supportedVersions lists only legacy versions (${legacy.join(', ')})` };
    }
    return { kind: 'modern', reason: `server/discover answered (${context.requestedVersion})`, legacyVersions: legacy };
  }
  if (error?.code === ErrorCode.UnsupportedProtocolVersion) {
    const supported = stringsOf(isObject(error.data) ? error.data.supported : undefined);
    const ours = supported.find((version) => OURS.includes(version));
    if (ours !== undefined && ours !== context.requestedVersion)
      return { kind: 'retry', version: ours, reason: `server/discover answered -32022; retried with ${ours}` };
    const legacy = supported.filter((version) => eraOfVersion(version) === 'legacy');
    if (ours === undefined && legacy.length > 0)
      return { kind: 'legacy', reason: `server/discover answered -32022 listing only versions we speak in the legacy era (${legacy.join(', ')})` };
    return { kind: 'modern', reason: `server/discover answered with modern error ${error.code}`, legacyVersions: legacy };
  }
  if (error && MODERN_ERROR_CODES.includes(error.code))
    return { kind: 'modern', reason: `server/discover answered with modern error ${error.code}`, legacyVersions: [] };
  return { kind: 'undecided', reason: `server/discover answered ${describeAnswer(outcome.answer)}` };
}

export function describeAnswer(answer: ProbeAnswer): string {
  if (answer.error) return `error ${answer.error.code} ${answer.error.message}`;
  if (answer.httpStatus !== undefined && answer.httpStatus !== 200) return `HTTP ${answer.httpStatus}`;
  return answer.result ? 'a result that is not a DiscoverResult' : 'nothing usable';
}

/** The sentence a dual-era server's report carries: it was judged in one era only. */
export function dualEraNote(legacyVersions: readonly string[]): string {
  return `the server also speaks the legacy era (${legacyVersions.join(', ')}): run --protocol-era legacy to check that era`;
}

function isDiscoverResult(result: JsonObject): boolean {
  return Array.isArray(result.supportedVersions) || isObject(result.capabilities);
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

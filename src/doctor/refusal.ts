/** For a refused request, exactly what is missing: a `_meta` key, a header, a version, a capability. */
import type { RpcOutcome } from '../client/types.js';
import { curlFor } from '../check/curl.js';
import { ErrorCode } from '../protocol/errors.js';
import { isObject } from '../protocol/jsonrpc.js';
import type { Trace } from '../wire/trace.js';

export interface Refusal {
  kind: 'meta' | 'header' | 'version' | 'capability' | 'status';
  /** What the server wants that the request lacked, in words. */
  missing: string;
  /** The _meta keys, headers or capabilities named. */
  names: string[];
  /** The answer, in words: "HTTP 400, error -32602 "..."". */
  answer: string;
  /** For a version refusal: the versions the server says it supports. */
  supported?: string[];
}

export function describeOutcome(outcome: RpcOutcome): string {
  const status = outcome.http ? `HTTP ${outcome.http.status}` : undefined;
  const error = outcome.error ? `error ${outcome.error.code} "${outcome.error.message}"` : outcome.result ? 'a result' : 'no JSON-RPC answer';
  return status ? `${status} with ${error}` : error;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export function explainRefusal(outcome: RpcOutcome, sentVersion: string): Refusal | undefined {
  const error = outcome.error;
  const answer = describeOutcome(outcome);
  if (!error)
    return outcome.http && outcome.http.status >= 400
      ? { kind: 'status', names: [], missing: `nothing it names: HTTP ${outcome.http.status} without a JSON-RPC error`, answer }
      : undefined;
  const data = isObject(error.data) ? error.data : {};
  switch (error.code) {
    case ErrorCode.InvalidParams: {
      const keys = [...new Set([...strings(data.missingMetaKeys), ...(error.message.match(/io\.modelcontextprotocol\/[A-Za-z]+/g) ?? [])])];
      if (keys.length) return { kind: 'meta', names: keys, missing: `the _meta key${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`, answer };
      return undefined;
    }
    case ErrorCode.HeaderMismatch: {
      const headers = [...new Set(error.message.match(/\bmcp-[a-z-]+/gi) ?? [])];
      return {
        kind: 'header',
        names: headers,
        missing: headers.length
          ? `the header${headers.length > 1 ? 's' : ''} ${headers.join(', ')} (missing, or not matching the body)`
          : 'a header that matches the body',
        answer,
      };
    }
    case ErrorCode.UnsupportedProtocolVersion: {
      const supported = strings(data.supported);
      return {
        kind: 'version',
        names: supported,
        missing: `a version it supports: ${sentVersion} was sent, it supports ${supported.length ? supported.join(', ') : 'versions it does not list'}`,
        answer,
        supported,
      };
    }
    case ErrorCode.MissingRequiredClientCapability: {
      const required = isObject(data.requiredCapabilities) ? Object.keys(data.requiredCapabilities) : [];
      return {
        kind: 'capability',
        names: required,
        missing: `the client capabilit${required.length === 1 ? 'y' : 'ies'} ${required.join(', ') || '(not named)'}`,
        answer,
      };
    }
    default:
      return undefined;
  }
}

/** The curl command that reproduces the HTTP request of an outcome. */
export function curlOf(trace: Trace, outcome: RpcOutcome | undefined): string | undefined {
  if (!outcome) return undefined;
  const frame = trace.range(outcome.frames.from, outcome.frames.to).find((candidate) => candidate.direction === 'send' && candidate.http);
  return frame ? curlFor(frame) : undefined;
}

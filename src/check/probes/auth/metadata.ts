/**
 * The Protected Resource Metadata document (RFC 9728) as a client finds it: the URL in the 401's
 * `resource_metadata` when there is one (clients use it and look no further), otherwise the
 * well-known URIs, path-inserted first, then the root (the spec's order). A named URL on another
 * origin than the endpoint is not fetched: the suites send nothing but to the server under test.
 */
import { httpExchange } from '../../../wire/http.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import type { CheckContext, Evidence } from '../../types.js';
import { Trace } from '../../../wire/trace.js';
import { traceEvidence } from './auth-probe.js';
import type { BearerChallenge } from './challenge.js';

const MAX_METADATA_BYTES = 1024 * 1024;

export type MetadataLookup =
  | { ok: true; url: string; document: JsonObject; evidence: Evidence[] }
  | { ok: false; code: 'no-metadata' | 'metadata-not-json' | 'metadata-elsewhere'; message: string; evidence: Evidence[] };

export function wellKnownUrls(endpoint: string): string[] {
  const url = new URL(endpoint);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path ? [root + path, root] : [root];
}

export async function findMetadata(ctx: CheckContext, challenge: BearerChallenge | undefined): Promise<MetadataLookup> {
  const endpoint = ctx.target.transport === 'http' ? ctx.target.url : '';
  const named = challenge?.params.resource_metadata;
  if (named !== undefined && !sameOrigin(named, endpoint))
    return {
      ok: false,
      code: 'metadata-elsewhere',
      message: `the 401 names resource_metadata ${named}, not on the origin of the server under test (${originOf(endpoint)}); mcpvet sends nothing anywhere else, so the document was not read`,
      evidence: [],
    };
  const candidates = named !== undefined ? [named] : wellKnownUrls(endpoint);
  const evidence: Evidence[] = [];
  const tried: string[] = [];
  for (const candidate of candidates) {
    if (!/^https?:\/\//i.test(candidate)) {
      tried.push(`${candidate} (not an http(s) URL)`);
      continue;
    }
    const trace = new Trace();
    try {
      const exchange = await httpExchange({
        url: candidate,
        method: 'GET',
        headers: { accept: 'application/json' },
        timeoutMs: ctx.timeoutMs,
        trace,
        signal: ctx.signal,
        maxBodyBytes: MAX_METADATA_BYTES,
      });
      evidence.push(...traceEvidence(trace));
      if (exchange.status !== 200) {
        tried.push(`${candidate} (HTTP ${exchange.status})`);
        continue;
      }
      const document = exchange.messages[0];
      if (!isObject(document)) return { ok: false, code: 'metadata-not-json', message: `${candidate} answered 200 but not with a JSON object`, evidence };
      return { ok: true, url: candidate, document, evidence };
    } catch (error) {
      tried.push(`${candidate} (${(error as Error).message})`);
    }
  }
  const how = named !== undefined ? 'the URL the 401 names in resource_metadata' : 'no resource_metadata in the 401 challenge, and the well-known URIs';
  return { ok: false, code: 'no-metadata', message: `no Protected Resource Metadata document: ${how} gave ${tried.join('; ')}`, evidence };
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/** A URL that is not http(s) is left to the loop below, which reports it unfetched. */
function sameOrigin(url: string, endpoint: string): boolean {
  return !/^https?:\/\//i.test(url) || originOf(url).toLowerCase() === originOf(endpoint).toLowerCase();
}

/**
 * Whether the metadata's `resource` identifies this endpoint. As the TypeScript SDK's client
 * (checkResourceAllowed), a resource that is the endpoint or a path prefix of it on the same
 * origin is accepted (`https://host` for `https://host/mcp`); scheme and host compare case-blind.
 */
export function resourceMatches(resource: unknown, endpoint: string): boolean {
  if (typeof resource !== 'string') return false;
  let given: URL;
  let wanted: URL;
  try {
    given = new URL(resource);
    wanted = new URL(endpoint);
  } catch {
    return false;
  }
  if (given.origin !== wanted.origin || given.hash || given.search) return false;
  const prefix = given.pathname.endsWith('/') ? given.pathname : `${given.pathname}/`;
  return wanted.pathname === given.pathname || `${wanted.pathname}/`.startsWith(prefix);
}

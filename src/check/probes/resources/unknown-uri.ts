/**
 * One resources/read of a URI the server does not list, made once per run and shared by the
 * not-found checks. The URI keeps the scheme of a listed resource (so the server recognises
 * it as its own kind of URI) and a path no server uses.
 */
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { listPages } from '../tools/list-pages.js';

export interface UnknownUriProbe {
  uri: string;
  outcome: RpcOutcome;
}

const probes = new WeakMap<McpClient, Promise<UnknownUriProbe>>();

export function probeUnknownUri(client: McpClient): Promise<UnknownUriProbe> {
  let probe = probes.get(client);
  if (!probe) {
    probe = run(client);
    probes.set(client, probe);
  }
  return probe;
}

async function run(client: McpClient): Promise<UnknownUriProbe> {
  const listing = await listPages(client, 'resources/list');
  const listed = listing.items.map((item) => (isObject(item) && typeof item.uri === 'string' ? item.uri : undefined)).filter((uri): uri is string => !!uri);
  const uri = unknownUriLike(listed);
  return { uri, outcome: await client.readResource(uri) };
}

export function unknownUriLike(listed: string[]): string {
  const scheme =
    listed
      .map((uri) => /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri)?.[1])
      .find(Boolean)
      ?.toLowerCase() ?? 'mcpvet';
  const path = 'mcpvet-no-such-resource-7f3a';
  // file: needs an empty authority; any other scheme gets the marker as its authority.
  const uri = scheme === 'file' ? `file:///${path}` : scheme === 'http' || scheme === 'https' ? `${scheme}://${path}.invalid/` : `${scheme}://${path}`;
  return listed.includes(uri) ? `${uri}-2` : uri;
}

/** A result with non-empty contents: the server serves this URI, so "not found" cannot be judged. */
export function servedContents(outcome: RpcOutcome): number | undefined {
  const contents = isObject(outcome.result) ? outcome.result.contents : undefined;
  return Array.isArray(contents) && contents.length > 0 ? contents.length : undefined;
}

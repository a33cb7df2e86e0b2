/** Reads of the first few listed resources, once per run, shared by the read checks. */
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { listPages } from '../tools/list-pages.js';

export const MAX_READS = 3;

export type ListedReads = { reads: { uri: string; outcome: RpcOutcome }[]; none?: undefined } | { reads?: undefined; none: string };

const runs = new WeakMap<McpClient, Promise<ListedReads>>();

export function readListed(client: McpClient): Promise<ListedReads> {
  let run = runs.get(client);
  if (!run) {
    run = readFirst(client);
    runs.set(client, run);
  }
  return run;
}

async function readFirst(client: McpClient): Promise<ListedReads> {
  const listing = await listPages(client, 'resources/list');
  const uris = listing.items.map((item) => (isObject(item) && typeof item.uri === 'string' ? item.uri : undefined)).filter((uri): uri is string => !!uri);
  if (uris.length === 0)
    return { none: listing.problem ? `resources/list could not be read: ${listing.problem.message}` : 'resources/list lists no resource to read' };
  const reads = [];
  for (const uri of uris.slice(0, MAX_READS)) reads.push({ uri, outcome: await client.readResource(uri) });
  return { reads };
}

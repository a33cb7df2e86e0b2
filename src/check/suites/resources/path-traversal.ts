/**
 * Servers MUST validate resource URIs and sanitize file paths against directory traversal. mcpvet
 * climbs out of a listed resource's directory with "../" forms (shared/traversal.ts) and judges
 * only what proves a traversal: the tell-tale content of /etc/passwd or win.ini coming back.
 * When the same file is also served by its plain absolute URI, the server exposes it by design
 * (a root of "/"), so the climb proves nothing and is not held against it.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { sharedListing } from '../../probes/tools/list-pages.js';
import { servedText, traversalProbes } from '../../probes/resources/traversal.js';

export default defineCheck({
  id: 'resources.path-traversal',
  title: 'resources/read does not serve files outside the resource root through "../"',
  suite: 'resources',
  requirements: ['RES-09'],
  requires: ['resources'],
  spec: 'server/resources#security-considerations',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'resources/list');
    const listed = listing.items.map((item) => (isObject(item) && typeof item.uri === 'string' ? item.uri : undefined)).filter((uri): uri is string => !!uri);
    const probes = traversalProbes(listed).filter(
      (probe) => !listed.some((uri) => uri.toLowerCase().endsWith(probe.target.split(/[\\/]/).pop()!.toLowerCase())),
    );
    if (probes.length === 0) return skip(listed.length ? 'no listed URI has a "scheme://" form to climb out of' : 'the server lists no resource to start from');
    const served: { uri: string; target: string; evidence: Evidence }[] = [];
    const byDesign = new Set<string>();
    for (const probe of probes) {
      if (ctx.signal.aborted) break;
      const outcome = await ctx.client.readResource(probe.uri);
      if (!probe.signature.test(servedText(outcome))) continue;
      const direct = `${probe.uri.slice(0, probe.uri.indexOf(':'))}:///${probe.target.startsWith('/') ? probe.target.slice(1) : probe.target.replace(/^C:\\/, '').replaceAll('\\', '/')}`;
      if (byDesign.has(direct)) continue;
      if (probe.signature.test(servedText(await ctx.client.readResource(direct)))) {
        byDesign.add(direct);
        continue;
      }
      served.push({ uri: probe.uri, target: probe.target, evidence: ctx.evidence(outcome.frames) });
    }
    if (served.length > 0) {
      const first = served[0]!;
      return violation(
        'traversal-served',
        `reading ${first.uri} served the content of ${first.target}, a file outside every listed resource's directory (${served.length} of ${probes.length} "../" probe(s) got through); resolve the path, then refuse anything outside the resource root`,
        served.slice(0, 3).map((entry) => entry.evidence),
      );
    }
    const note = byDesign.size ? ` (${[...byDesign].join(', ')} is served by its plain URI too, so it is inside the server's root)` : '';
    return pass(`${probes.length} "../" probe(s) built from listed URIs: none served /etc/passwd or win.ini${note}`);
  },
});

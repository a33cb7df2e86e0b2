/**
 * The Protected Resource Metadata is found (resource_metadata of the 401, else the well-known
 * URIs), is a JSON object, names at least one authorization server, and its `resource` is this
 * endpoint (RFC 9728 §3.3: clients must reject a document whose resource does not match).
 * Metadata named on another origin is not read (incomplete): the run stays with the server under test.
 */
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';
import { findMetadata, resourceMatches } from '../../probes/auth/metadata.js';

export default defineCheck({
  id: 'auth.resource-metadata',
  title: 'The Protected Resource Metadata is served, names authorization_servers and this resource',
  suite: 'auth',
  requirements: ['AUTH-01', 'AUTH-02', 'AUTH-12'],
  transports: ['http'],
  spec: 'basic/authorization/authorization-server-discovery',
  async run(ctx) {
    const answer = await unauthenticated(ctx);
    if (isNotJudged(answer)) return notJudged(answer);
    const lookup = await findMetadata(ctx, answer.challenge);
    if (!lookup.ok && lookup.code === 'metadata-elsewhere') return incomplete(lookup.code, lookup.message);
    if (!lookup.ok) return { ...violation(lookup.code, lookup.message, lookup.evidence), requirement: lookup.code === 'no-metadata' ? 'AUTH-02' : 'AUTH-01' };
    const { document, url, evidence } = lookup;
    const findings: Finding[] = [];
    const servers = document.authorization_servers;
    if (!Array.isArray(servers) || servers.length === 0 || !servers.every((server) => typeof server === 'string')) {
      findings.push({
        ...violation(
          'no-authorization-servers',
          `${url}: authorization_servers is ${JSON.stringify(servers) ?? 'absent'}; it must list at least one authorization server`,
          evidence,
        ),
        requirement: 'AUTH-01',
      });
    }
    const endpoint = ctx.target.transport === 'http' ? ctx.target.url : '';
    if (!resourceMatches(document.resource, endpoint)) {
      findings.push({
        ...violation(
          'resource-mismatch',
          `${url}: resource is ${JSON.stringify(document.resource) ?? 'absent'}, which does not identify the endpoint ${endpoint}; clients must reject such a document`,
          evidence,
        ),
        requirement: 'AUTH-12',
      });
    }
    return findings.length ? findings : pass(`${url} names ${(servers as string[]).join(', ')} and resource ${String(document.resource)}`, evidence);
  },
});

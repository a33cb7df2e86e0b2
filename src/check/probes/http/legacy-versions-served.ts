/**
 * The legacy revisions a modern server lists in server/discover. The "2025 traffic arriving at a
 * 2026-only server" rules (DIGEST §3: GET and DELETE get 405, Mcp-Session-Id and Last-Event-ID are
 * ignored) are for a server that supports only 2026-07-28: a dual-era server gives those the
 * meaning of the legacy revisions, so the checks skip it.
 */
import { eraOfVersion } from '../../../protocol/versions.js';
import type { CheckContext } from '../../types.js';

export function legacyVersionsServed(ctx: CheckContext): string[] {
  const versions = ctx.client.handshake?.supportedVersions;
  return Array.isArray(versions) ? versions.filter((version): version is string => typeof version === 'string' && eraOfVersion(version) === 'legacy') : [];
}

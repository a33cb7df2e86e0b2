/** Protocol revisions mcpvet speaks, and which era each belongs to. */

export const MODERN_VERSIONS = ['2026-07-28'] as const;
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

export const LATEST_MODERN_VERSION = MODERN_VERSIONS[0];
export const LATEST_LEGACY_VERSION = LEGACY_VERSIONS[0];

export type Era = 'modern' | 'legacy';
export type EraPreference = Era | 'auto';

export function eraOfVersion(version: string): Era | undefined {
  if ((MODERN_VERSIONS as readonly string[]).includes(version)) return 'modern';
  if ((LEGACY_VERSIONS as readonly string[]).includes(version)) return 'legacy';
  // Revisions are dates: anything newer than the newest legacy one is of the modern era.
  if (/^\d{4}-\d{2}-\d{2}$/.test(version)) return version > LATEST_LEGACY_VERSION ? 'modern' : 'legacy';
  return undefined;
}

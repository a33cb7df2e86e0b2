/**
 * The versions the version probes offer, one on each side of every real revision: a server may
 * compare dates (treat anything older than 2026-07-28 as legacy, or anything at least 2026-07-28
 * as modern), and such a server answers only one of the two correctly.
 */
export const UNKNOWN_VERSIONS = ['1900-01-01', '2999-12-31'] as const;

export const sideOf = (version: string): string => (version < '2000' ? 'past' : 'future');

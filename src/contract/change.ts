/** One classified difference between two contract snapshots, and how to name where it is. */

/**
 * breaking: a client that worked against the old server can fail against the new one.
 * compatible: the surface grew or loosened; old clients keep working.
 * cosmetic: only text a model or a person reads changed (descriptions, titles).
 */
export type ChangeKind = 'breaking' | 'compatible' | 'cosmetic';

export const CHANGE_KINDS: readonly ChangeKind[] = ['breaking', 'compatible', 'cosmetic'];

export interface ContractChange {
  kind: ChangeKind;
  /** What changed, for people: 'tool search_notes', 'prompt summarize', 'capabilities'. */
  subject: string;
  /** Where in the snapshot, e.g. 'tools.search_notes.inputSchema.properties.limit.type'. */
  path: string;
  message: string;
  /**
   * A breaking change that widens what a tool may do behind a host's back (read-only to writing,
   * harmless to destructive, closed to open world): hosts auto-approve on these hints.
   */
  security?: true;
}

const PLAIN_SEGMENT = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** Joins path segments; names that are not plain identifiers (a.b, file:///x) are quoted in brackets. */
export function formatPath(segments: readonly (string | number)[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (PLAIN_SEGMENT.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** What the poisoning detectors return: one suspicious span of one text. */

export type PoisonRule =
  | 'SEC-POISON-INSTRUCTIONS'
  | 'SEC-POISON-EXFILTRATION'
  | 'SEC-POISON-SHADOWING'
  | 'SEC-POISON-INVISIBLE'
  | 'SEC-POISON-CONFUSABLE'
  | 'SEC-POISON-ENCODED'
  | 'SEC-POISON-OVERLONG';

export interface PoisonSpan {
  /** The security rule it breaks (src/check/requirements/security.yaml). */
  rule: PoisonRule;
  /** Which trick, stable (e.g. `hidden-tag`, `zero-width`). */
  code: string;
  /** Offsets into the text scanned. */
  start: number;
  end: number;
  /** The span for display: clipped, invisible and control characters escaped. */
  quote: string;
}

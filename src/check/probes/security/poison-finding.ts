/** A poisoning span as a finding of the security suite: graded by its rule, quoted, located. */
import { POISON_TRICKS, type PoisonSpan } from '../../../scan/poison-span.js';
import { MAX_SCANNED } from '../../../scan/poisoning.js';
import { violation } from '../../define.js';
import type { Evidence, Finding, FindingLocation } from '../../types.js';

/** Findings per check: enough to show a poisoned server, bounded whatever it serves. */
export const MAX_POISON_FINDINGS = 100;

/**
 * `where` names the text ("tool \"add_note\" /description"); the message gives the trick, the
 * offsets and the quoted span. `requirement` defaults to the span's own rule.
 */
export function poisonFinding(span: PoisonSpan, where: string, location: FindingLocation, evidence?: Evidence[], requirement: string = span.rule): Finding {
  const trick = POISON_TRICKS[span.code] ?? span.code;
  return {
    ...violation(
      span.code,
      `${where}, characters ${span.start}-${span.end}: ${trick}: "${span.quote}"${span.note ? ` (${span.note})` : ''}`,
      evidence,
      location,
    ),
    requirement,
  };
}

/**
 * The findings kept, with a last note when some were left out. Findings in one listing page or one
 * answer share its evidence: the frames are shown once, with the first of them.
 */
export function boundFindings(findings: Finding[]): Finding[] {
  const shown = new Set<Evidence[]>();
  for (const finding of findings) {
    if (!finding.evidence) continue;
    if (shown.has(finding.evidence)) finding.evidence = undefined;
    else shown.add(finding.evidence);
  }
  if (findings.length <= MAX_POISON_FINDINGS) return findings;
  const kept = findings.slice(0, MAX_POISON_FINDINGS);
  kept.push({ status: 'info', code: 'more-findings', message: `${findings.length - MAX_POISON_FINDINGS} more poisoning findings were left out` });
  return kept;
}

/** Characters one check scans in all (a few seconds at worst): a server listing thousands of huge texts cannot stall the run. */
export const MAX_SCANNED_PER_CHECK = 4_000_000;

/** Texts one check scans in all: each costs a little, however short (a server may list 200,000 tools). */
export const MAX_TEXTS_PER_CHECK = 20_000;

/** What is left of a check's scan budget, and the note to give once it ran out. */
export class ScanBudget {
  private left = MAX_SCANNED_PER_CHECK;
  private textsLeft = MAX_TEXTS_PER_CHECK;
  private skipped = 0;

  /** Whether `text` may still be scanned (it is counted up to MAX_SCANNED characters, what the scanner reads of it). */
  take(text: string): boolean {
    if (this.left <= 0 || this.textsLeft <= 0) {
      this.skipped++;
      return false;
    }
    this.left -= Math.min(text.length, MAX_SCANNED);
    this.textsLeft--;
    return true;
  }

  /** An info finding when texts were left unscanned. */
  note(): Finding[] {
    if (this.skipped === 0) return [];
    return [
      {
        status: 'info',
        code: 'scan-budget',
        message: `${this.skipped} texts were not scanned: the check stops after ${MAX_TEXTS_PER_CHECK} texts or ${MAX_SCANNED_PER_CHECK} characters`,
      },
    ];
  }
}

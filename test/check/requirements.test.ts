// The requirements registry: the YAML files are well-formed, and every check's level derives from it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CHECKS } from '../../src/check/registry.js';
import { gradeFinding, gradeOf } from '../../src/check/requirements/grade.js';
import { REVISIONS, SECURITY_RULES, isKnownRequirement } from '../../src/check/requirements/index.js';
import { BASES, KEYWORDS, SEVERITIES, TESTABILITY } from '../../src/check/requirements/model.js';
import type { Era } from '../../src/protocol/versions.js';

// Segments as the spec names its pages (basic/security_best_practices has underscores).
const SECTION_PATH = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*(#[a-z0-9_-]+)?$/;
const section = z
  .string()
  .refine((value) => SECTION_PATH.test(value) || (/^https:\/\//.test(value) && URL.canParse(value)), 'a path like server/tools#tool-names, or an https URL');
const requirement = z
  .strictObject({
    id: z.string().regex(/^[A-Z]+-[A-Z0-9]+$/),
    area: z.string().regex(/^[a-z-]+$/),
    level: z.enum([...KEYWORDS, 'descriptive', 'none']),
    rule: z.string().min(10).max(400),
    section,
    transport: z.enum(['any', 'stdio', 'http']),
    testable: z.enum(TESTABILITY),
    basis: z.enum(BASES).optional(),
    gap: z.string().min(5).optional(),
    note: z.string().min(5).optional(),
  })
  .refine((r) => (r.level === 'none') === (r.basis !== undefined), 'a basis exactly when the level is none');
const revisionFile = z.strictObject({
  revision: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  era: z.enum(['modern', 'legacy']),
  base: z.url().refine((url) => url.startsWith('https://modelcontextprotocol.io/specification/') && url.endsWith('/')),
  requirements: z.array(requirement).min(20),
});

describe('the requirements registry', () => {
  for (const revision of REVISIONS) {
    it(`${revision.revision}: every entry is well-formed, ids are unique, the base names the revision`, () => {
      const parsed = revisionFile.safeParse(revision);
      expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
      const ids = revision.requirements.map((r) => r.id);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
      expect(revision.base).toContain(`/${revision.revision}/`);
    });
  }

  it('has one file per era', () => {
    expect(REVISIONS.map((revision) => revision.era).sort()).toEqual(['legacy', 'modern']);
  });
});

describe('every check', () => {
  it('names requirements and declares no level of its own', () => {
    expect(ALL_CHECKS.filter((check) => 'level' in check || check.requirements.length === 0).map((check) => check.id)).toEqual([]);
  });

  it('names only ids that exist in the registry', () => {
    const unknown = ALL_CHECKS.flatMap((check) => check.requirements.filter((id) => !isKnownRequirement(id)).map((id) => `${check.id}: ${id}`));
    expect(unknown).toEqual([]);
  });

  it('has a requirement of its revision in every era it runs in (no verdict without a basis)', () => {
    const unbased = ALL_CHECKS.flatMap((check) => check.eras.filter((era) => !('level' in gradeOf(check, era))).map((era) => `${check.id} (${era})`));
    expect(unbased).toEqual([]);
  });
});

/** The level of a check in each of its eras, as the runner derives it. */
function levels(id: string): Partial<Record<Era, string>> {
  const check = ALL_CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  return Object.fromEntries(
    check.eras.map((era) => {
      const grade = gradeOf(check, era);
      return [era, 'level' in grade ? grade.level : 'none'];
    }),
  );
}

describe('levels read against the spec (the corrected mis-levels)', () => {
  const expected: Array<[string, Partial<Record<Era, string>>]> = [
    ['prompts.unknown-prompt-error', { modern: 'SHOULD', legacy: 'SHOULD' }],
    ['prompts.missing-argument-error', { modern: 'SHOULD', legacy: 'SHOULD' }],
    ['completion.unknown-prompt-error', { modern: 'SHOULD', legacy: 'SHOULD' }],
    ['resources.unknown-uri-error', { modern: 'MUST', legacy: 'SHOULD' }],
    ['tools.pagination-consistent', { modern: 'SHOULD', legacy: 'SHOULD' }],
    ['stateless.replica-pagination', { modern: 'SHOULD' }],
    ['mrtr.retry-on-another-instance', { modern: 'SHOULD' }],
    ['subscriptions.ack-honoured-filter', { modern: 'DESCRIPTIVE' }],
    ['errors.unknown-tool', { modern: 'DESCRIPTIVE', legacy: 'DESCRIPTIVE' }],
    // MUST through LIFE-15 (content served undeclared); its -32601 findings are graded on LIFE-19, descriptive.
    ['protocol.undeclared-capability-not-found', { modern: 'MUST' }],
    ['resources.unknown-uri-data', { modern: 'INFO', legacy: 'INFO' }],
    ['lint.no-warnings', { modern: 'INFO', legacy: 'INFO' }],
    ['lint.no-errors', { modern: 'MUST', legacy: 'MUST' }],
    // A different set is MUST; a different order only SHOULD (the finding names TOOL-05).
    ['stateless.tools-list-identical', { modern: 'MUST' }],
    ['tools.set-stable-across-connections', { modern: 'MUST', legacy: 'INFO' }],
    ['tools.order-stable', { modern: 'SHOULD', legacy: 'INFO' }],
    // Per token: the set MUST NOT vary by connection in 2026-07-28 (its order finding names TOOL-05); 2025-11-25 has no rule.
    ['auth.tools-list-stable-per-token', { modern: 'MUST', legacy: 'INFO' }],
    // No keyword states it for ids a tool returns: mcpvet's security rule (medium, warns).
    ['auth.other-user-id-refused', { modern: 'SECURITY', legacy: 'SECURITY' }],
  ];
  for (const [id, want] of expected) it(id, () => expect(levels(id)).toEqual(want));
});

describe("mcpvet's security rules", () => {
  const rule = z.strictObject({
    id: z.string().regex(/^SEC-[A-Z-]+$/),
    area: z.string().regex(/^[a-z-]+$/),
    severity: z.enum(SEVERITIES),
    rule: z.string().min(10).max(400),
    section,
  });

  it('are well-formed, unique, and known in both eras', () => {
    const parsed = z.array(rule).min(10).safeParse(SECURITY_RULES.rules);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
    const ids = SECURITY_RULES.rules.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(isKnownRequirement(id)).toBe(true);
  });

  it('grade by severity: high fails, medium warns, low is a note; never a spec level', () => {
    const grade = gradeOf({ requirements: ['SEC-POISON-INSTRUCTIONS', 'SEC-POISON-CONFUSABLE', 'SEC-POISON-OVERLONG'] }, 'modern');
    if (!('level' in grade)) throw new Error('no grade');
    expect(grade.level).toBe('SECURITY');
    expect(gradeFinding(grade, 'fail', 'SEC-POISON-INSTRUCTIONS').status).toBe('fail');
    expect(gradeFinding(grade, 'fail', 'SEC-POISON-CONFUSABLE').status).toBe('warn');
    expect(gradeFinding(grade, 'fail', 'SEC-POISON-OVERLONG').status).toBe('info');
    expect(gradeFinding(grade, 'fail').status).toBe('fail');
    // A check that names a spec MUST beside a security rule is graded at the MUST for its own findings.
    const mixed = gradeOf({ requirements: ['TOOL-13', 'SEC-INPUT-HANG'] }, 'legacy');
    if (!('level' in mixed)) throw new Error('no grade');
    expect(gradeFinding(mixed, 'fail', 'TOOL-13')).toMatchObject({ status: 'fail', level: 'MUST' });
    expect(gradeFinding(mixed, 'fail', 'SEC-INPUT-HANG')).toMatchObject({ status: 'warn', level: 'SECURITY' });
  });

  it('count in no revision coverage table', () => {
    for (const revision of REVISIONS) expect(revision.requirements.some((r) => r.id.startsWith('SEC-'))).toBe(false);
  });
});

/** `mcpvet check`: parse flags, run the checks, write the reports, pick the exit code. */
import type { InputHost } from '../client/types.js';
import { loadCallsFile } from '../protocol/call-policy.js';
import { SUITES } from '../check/registry.js';
import { runCheckRun } from '../check/run.js';
import type { CheckDefinition, RunReport, Suite } from '../check/types.js';
import type { Era } from '../protocol/versions.js';
import { secretValuesOf } from '../wire/secret-values.js';
import type { Target } from '../wire/target.js';
import type { Shard } from '../wire/shard.js';
import { sarifLocationFlag } from './sarif-location-flag.js';
import { parseShardFlag } from './shard-flag.js';
import { readBaselineFlag } from './baseline-flag.js';
import { formatsFlag } from './format-flag.js';
import { usageError } from './cli-error.js';
import { replicaTarget, resolveTarget, type TargetFlags } from './target-options.js';
import { authTokens, type TokenFlags } from './auth-tokens.js';

export interface CheckFlags extends TargetFlags, TokenFlags {
  list?: boolean;
  requirements?: boolean;
  suite: string[];
  only: string[];
  skip: string[];
  allowCall: string[];
  calls?: string;
  answers?: string;
  replica?: string;
  format: string;
  output?: string;
  sarifLocation?: string;
  expectedFailures?: string;
  strictWarnings?: boolean;
  specSchema?: string;
  canary?: boolean;
  concurrency?: number;
  shard?: string;
  verbose?: boolean;
  quiet?: boolean;
  color: boolean;
  watch?: string[];
}

export async function runCheck(positional: string[], flags: CheckFlags, onReport?: (report: RunReport) => void): Promise<number> {
  if (flags.requirements) return showRequirements(flags);
  if (flags.watch?.length && !flags.list) return (await import('./watch.js')).watchCheck(positional, flags);
  const suites = splitList(flags.suite);
  const unknownSuite = suites.find((suite) => !SUITES.includes(suite as Suite));
  if (unknownSuite) throw usageError(`unknown suite "${unknownSuite}" (suites: ${SUITES.join(', ')})`);
  const formats = formatsFlag('check', flags.format, { hasOutput: flags.output !== undefined, multiple: true });
  if (flags.concurrency !== undefined && (!Number.isInteger(flags.concurrency) || flags.concurrency < 1))
    throw usageError('--concurrency takes a positive whole number');
  const shard = parseShardFlag(flags.shard);
  const sarifLocation = sarifLocationFlag(flags.sarifLocation);
  const selected = await requireSomeChecks(flags, suites as Suite[], shard);
  if (flags.list) return listChecks(flags, suites as Suite[], formats, shard);

  const target = await resolveTarget(flags, positional);
  const tokens = authTokens(flags, target);
  const calls = flags.calls ? loadOrUsage(() => loadCallsFile(flags.calls as string)) : {};
  const host = flags.answers ? await loadHost(flags.answers) : undefined;
  const replica = flags.replica ? await replicaTarget(flags.replica, target, flags) : undefined;
  if (flags.specSchema) await requireSpecSchema(flags.specSchema);
  if (flags.output !== undefined) {
    const { prepareOutputDir, ReportUsageError } = await import('../report/write.js');
    try {
      prepareOutputDir(flags.output);
    } catch (error) {
      throw error instanceof ReportUsageError ? usageError(error.message) : error;
    }
  }
  const baseline = await import('../report/baseline.js');
  const expected = flags.expectedFailures ? await readBaselineFlag(flags.expectedFailures) : undefined;

  const color = flags.color && process.stdout.isTTY === true && !process.env.NO_COLOR;
  const { createProgress } = await import('../report/progress.js');
  const progress = createProgress({
    verbose: flags.verbose,
    quiet: flags.quiet,
    checks: selected,
    color: process.stderr.isTTY === true && flags.color && !process.env.NO_COLOR,
  });
  let report = await runCheckRun(target, {
    era: flags.protocolEra,
    timeoutMs: flags.timeout,
    suites: suites as Suite[],
    only: flags.only,
    skip: flags.skip,
    allowCall: flags.allowCall,
    calls,
    host,
    replica,
    specSchemaFile: flags.specSchema,
    tokens,
    canary: flags.canary,
    concurrency: flags.concurrency,
    shard,
    onStart: (check) => progress.onCheckStart(check),
    onDone: (result) => progress.onCheckDone(result),
  });
  progress.finish();

  if (expected) report = baseline.applyBaseline(report, expected, flags.expectedFailures);
  const { writeReports, ReportUsageError } = await import('../report/write.js');
  try {
    await writeReports(report, formats, flags.output, {
      color,
      verbose: flags.verbose,
      secrets: [...secretsOf(target), ...Object.values(tokens)],
      sarifLocation,
    });
  } catch (error) {
    if (error instanceof ReportUsageError) throw usageError(error.message);
    throw error;
  }
  onReport?.(report);
  return baseline.exitCodeFor(report, { strictWarnings: flags.strictWarnings });
}

/** Env, header and query values the user gave may be credentials: reports mask them wherever they appear. */
function secretsOf(target: Target): string[] {
  return secretValuesOf(target).map((secret) => secret.value);
}

/** The checks selected; a selection that matches none is a typo (`--only '['`), not a clean run. */
async function requireSomeChecks(flags: CheckFlags, suites: Suite[], shard?: Shard): Promise<CheckDefinition[]> {
  const { ALL_CHECKS } = await import('../check/registry.js');
  const { selectChecks } = await import('../check/runner.js');
  // An empty shard is no mistake (more shards than checks): only an empty selection is.
  if (selectChecks(ALL_CHECKS, { suites, only: flags.only, skip: flags.skip }).length > 0)
    return selectChecks(ALL_CHECKS, { suites, only: flags.only, skip: flags.skip, shard });
  const given = [
    ...suites.map((suite) => `--suite ${suite}`),
    ...flags.only.map((glob) => `--only '${glob}'`),
    ...flags.skip.map((glob) => `--skip '${glob}'`),
  ];
  throw usageError(`${given.join(' ')} selects no checks (see mcpvet check --list)`);
}

/** A --spec-schema that cannot be loaded is the user's mistake, found before the run. */
async function requireSpecSchema(file: string): Promise<void> {
  const { loadSpecSchema, SpecSchemaError } = await import('../protocol/spec-schema.js');
  try {
    loadSpecSchema(file);
  } catch (error) {
    throw error instanceof SpecSchemaError ? usageError(`--spec-schema: ${error.message}`) : error;
  }
}

/** `--list`: what would run, without a server: for writing --only globs and baselines. */
async function listChecks(flags: CheckFlags, suites: Suite[], formats: string[], shard?: Shard): Promise<number> {
  const { ALL_CHECKS } = await import('../check/registry.js');
  const { selectChecks } = await import('../check/runner.js');
  const { gradeOf } = await import('../check/requirements/grade.js');
  const checks = selectChecks(ALL_CHECKS, { suites, only: flags.only, skip: flags.skip, shard });
  if (formats.includes('json')) {
    const rows = checks.map(({ id, suite, title, eras, transports, requires, requirements, spec }) => ({
      id,
      suite,
      levels: levelsOf(gradeOf, { eras, requirements }),
      title,
      eras,
      transports,
      requires: requires ?? [],
      requirements,
      spec,
    }));
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
  } else {
    const width = Math.max(...checks.map((check) => check.id.length), 2);
    const levels = checks.map((check) => levelText(levelsOf(gradeOf, check)));
    const levelWidth = Math.max(...levels.map((level) => level.length), 6);
    checks.forEach((check, i) => process.stdout.write(`${check.id.padEnd(width)}  ${levels[i]!.padEnd(levelWidth)}  ${check.title}\n`));
    process.stdout.write(`${checks.length} checks\n`);
  }
  return 0;
}

type GradeOf = typeof import('../check/requirements/grade.js').gradeOf;

/** A check's level in each era it runs in (derived from its requirements of that revision). */
function levelsOf(gradeOf: GradeOf, check: Pick<CheckDefinition, 'eras' | 'requirements'>): Partial<Record<Era, string>> {
  return Object.fromEntries(
    check.eras.map((era) => {
      const grade = gradeOf(check, era);
      return [era, 'level' in grade ? grade.level : 'none'];
    }),
  );
}

/** `MUST`, or `MUST (legacy: SHOULD)` when the eras differ. */
function levelText(levels: Partial<Record<Era, string>>): string {
  const [first, ...rest] = Object.entries(levels);
  if (!first) return '-';
  const others = rest.filter(([, level]) => level !== first[1]);
  return others.length ? `${first[1]} (${others.map(([era, level]) => `${era}: ${level}`).join(', ')})` : first[1];
}

/** `--requirements`: the registry's coverage by the checks, per revision and area; no server needed. */
async function showRequirements(flags: CheckFlags): Promise<number> {
  const format = flags.format === 'console' ? 'text' : flags.format;
  if (format !== 'text' && format !== 'json' && format !== 'markdown') throw usageError(`--requirements prints text, json or markdown, not "${flags.format}"`);
  const { ALL_CHECKS } = await import('../check/registry.js');
  const { requirementsCoverage } = await import('../check/requirements/coverage.js');
  const { renderCoverage } = await import('../report/coverage.js');
  process.stdout.write(renderCoverage(requirementsCoverage(ALL_CHECKS), format));
  return 0;
}

function splitList(values: string[]): string[] {
  return values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

function loadOrUsage<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

async function loadHost(file: string): Promise<InputHost> {
  const { loadHostScript, scriptedHost } = await import('../client/host.js');
  return scriptedHost(loadOrUsage(() => loadHostScript(file)));
}

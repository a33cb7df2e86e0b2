/** `mcpvet verify CASSETTE TARGET`: does the live server still answer as recorded? */
import { readCassette, CassetteFormatError } from '../relay/cassette-format.js';
import { connect } from '../client/connect.js';
import { verifyCassette, type VerifyItem } from '../contract/verify.js';
import { verifyRunReport } from '../contract/to-run-report.js';
import { painter } from '../report/ansi.js';
import { applyBaseline, exitCodeFor } from '../report/baseline.js';
import { baselineLines } from '../report/console.js';
import type { Format } from '../report/formats.js';
import { getReporter } from '../report/types.js';
import { describeTarget } from '../wire/target.js';
import { usageError } from './cli-error.js';
import { readBaselineFlag } from './baseline-flag.js';
import { formatsFlag } from './format-flag.js';
import { ExitCode } from './exit-codes.js';
import { printJson, printText } from './output.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface VerifyFlags extends TargetFlags {
  ignore: string[];
  values?: boolean;
  format: string;
  expectedFailures?: string;
}

export async function runVerify(file: string, positional: string[], flags: VerifyFlags): Promise<number> {
  const [format] = formatsFlag('verify', flags.format, { hasOutput: false, multiple: false }) as [Format];
  const expected =
    flags.expectedFailures !== undefined ? await readBaselineFlag(flags.expectedFailures, { id: 'request', example: '#2 tools/list' }) : undefined;
  const startedAt = new Date();
  let cassette;
  try {
    cassette = await readCassette(file);
  } catch (error) {
    if (error instanceof CassetteFormatError) throw usageError(error.message);
    throw error;
  }
  const target = await resolveTarget(flags, positional);
  // Speak the era the cassette was recorded in, unless the user chose one.
  const era = flags.protocolEra === 'auto' && cassette.header.era ? cassette.header.era : flags.protocolEra;
  const client = await connect(target, { era, timeoutMs: flags.timeout });
  let items: VerifyItem[];
  try {
    items = await verifyCassette(cassette, client, { ignore: flags.ignore, values: flags.values });
  } finally {
    await client.close();
  }
  const different = items.filter((item) => item.status === 'different');
  // The shared result model: JUnit, Markdown and the baseline read a verify run as they read a check run.
  const facts = { target: describeTarget(target), transport: target.transport, era: client.era, protocolVersion: client.protocolVersion };
  let run = verifyRunReport(items, { ...facts, startedAt: startedAt.toISOString(), durationMs: Math.round(Date.now() - startedAt.getTime()) });
  if (expected && flags.expectedFailures) run = applyBaseline(run, expected, flags.expectedFailures);
  if (format === 'json') {
    const document = { cassette: file, items, different: different.length, ...(run.baseline ? { baseline: run.baseline } : {}) };
    printJson(JSON.stringify(document, null, 2) + '\n');
  } else if (format === 'console') {
    const baseline = baselineLines(run, painter(false), false);
    printText(renderText(file, items) + (baseline.length ? `${baseline.join('\n')}\n` : ''));
  } else printText((await getReporter(format)).render(run, { color: false }));
  if (run.baseline) return exitCodeFor(run) === 0 ? ExitCode.Ok : ExitCode.Failed;
  return different.length > 0 ? ExitCode.Failed : ExitCode.Ok;
}

function renderText(file: string, items: VerifyItem[]): string {
  const lines = [`Verify ${file}`];
  for (const item of items) {
    const label = `#${item.index + 1} ${item.method}${item.subject ? ` ${item.subject}` : ''}`;
    if (item.status === 'skipped') lines.push(`  skipped    ${label}: ${item.reason}`);
    else if (item.status === 'same') lines.push(`  same       ${label}`);
    else {
      lines.push(`  DIFFERENT  ${label}`);
      for (const difference of item.differences) lines.push(`      ${difference}`);
    }
  }
  const count = (status: VerifyItem['status']) => items.filter((item) => item.status === status).length;
  lines.push(`${count('same')} same, ${count('different')} different, ${count('skipped')} skipped`);
  return lines.join('\n') + '\n';
}

#!/usr/bin/env node
/**
 * The GitHub Action's step (action.yml): runs one mcpvet command with JSON, Markdown, JUnit and
 * (when asked) SARIF reports in a folder, then gives GitHub what it reads: the Markdown on
 * $GITHUB_STEP_SUMMARY, `::error`/`::warning` lines for failures, `key=value` outputs on
 * $GITHUB_OUTPUT, and mcpvet's exit code as its own. Plain Node, no dependencies, no network:
 * uploading the SARIF is the user's own step (github/codeql-action/upload-sarif).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Formats each command writes to files; SARIF is added with `sarif: true` where the command has it.
 * `report merge` writes every format of the merged command, SARIF included (it learns which command from the shards).
 */
const FORMATS = {
  check: ['json', 'markdown', 'junit'],
  fuzz: ['json', 'markdown', 'junit'],
  eval: ['json', 'markdown', 'junit'],
  'report merge': [],
};
const HAS_SARIF = new Set(['check', 'fuzz']);
/** GitHub shows a few annotations per step; more would only flood the log. */
const MAX_ANNOTATIONS = 50;

/** Inputs as action.yml passes them: `output-dir` is INPUT_OUTPUT_DIR. */
const input = (name, fallback = '') => (process.env[`INPUT_${name.replace(/[ -]/g, '_').toUpperCase()}`] ?? '').trim() || fallback;

function main() {
  const command = input('command', 'check').split(/\s+/).join(' ');
  if (!Object.hasOwn(FORMATS, command)) return fail(`command "${command}": the action runs ${Object.keys(FORMATS).join(', ')}`);
  const sarif = input('sarif', 'false') === 'true' && HAS_SARIF.has(command);
  const outDir = resolve(input('output-dir', 'mcpvet-report'));
  const formats = [...FORMATS[command], ...(sarif ? ['sarif'] : [])];
  let args;
  try {
    args = splitArgs(input('args'));
  } catch (error) {
    return fail(error.message);
  }
  const mcpvet = mcpvetCommand();
  const formatArgs = formats.length > 0 ? ['--format', formats.join(',')] : [];
  // SARIF results point at the file the annotations go to, unless the args name one themselves.
  const annotationFile = input('annotation-file');
  const locationArgs =
    isRepoPath(annotationFile) && (sarif || command === 'report merge') && !args.some((arg) => arg.startsWith('--sarif-location'))
      ? ['--sarif-location', annotationFile]
      : [];
  const child = spawnSync(mcpvet[0], [...mcpvet.slice(1), ...command.split(' '), ...formatArgs, ...locationArgs, '-o', outDir, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (child.error) return fail(`could not run ${mcpvet.join(' ')}: ${child.error.message}`);
  const exitCode = child.status ?? 1;

  const paths = {
    json: join(outDir, 'report.json'),
    markdown: join(outDir, 'report.md'),
    junit: join(outDir, 'junit.xml'),
    sarif: join(outDir, 'report.sarif'),
  };
  const report = existsSync(paths.json) ? JSON.parse(readFileSync(paths.json, 'utf8')) : undefined;
  const outputs = { 'exit-code': String(exitCode), 'report-dir': outDir };
  for (const [format, path] of Object.entries(paths)) if (existsSync(path)) outputs[`${format}-report`] = path;
  if (report) {
    const { counts, annotations } = Array.isArray(report.results)
      ? checkFacts(report)
      : report.format === 'mcpvet-eval'
        ? evalFacts(report)
        : fuzzFacts(report);
    Object.assign(outputs, counts);
    outputs.failures = annotations
      .filter((a) => a.kind === 'error')
      .map((a) => a.title)
      .join('\n');
    for (const annotation of annotations.slice(0, MAX_ANNOTATIONS)) process.stdout.write(annotationLine(annotation, annotationFile) + '\n');
    if (annotations.length > MAX_ANNOTATIONS) process.stdout.write(`::notice::${annotations.length - MAX_ANNOTATIONS} more findings are in ${paths.json}\n`);
  }
  if (process.env.GITHUB_STEP_SUMMARY) {
    const summary = existsSync(paths.markdown) ? readFileSync(paths.markdown, 'utf8') : plainSummary(command, exitCode, report);
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, summary.endsWith('\n') ? summary : summary + '\n');
  }
  if (process.env.GITHUB_OUTPUT)
    appendFileSync(
      process.env.GITHUB_OUTPUT,
      Object.entries(outputs)
        .map(([key, value]) => outputLine(key, value))
        .join(''),
    );
  process.exitCode = exitCode;
}

/**
 * A path code scanning reads from the repository root (the rule of `--sarif-location`, which refuses
 * the rest): an annotation file given otherwise still labels the annotations, and nothing more.
 */
function isRepoPath(file) {
  return file !== '' && !isAbsolute(file) && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(file) && !file.split(/[\\/]/).includes('..');
}

/** The action's own build when it has one (a release), else `mcpvet` from the project (`npm i -D mcpvet`), or the `mcpvet` input. */
function mcpvetCommand() {
  const given = input('mcpvet');
  if (given) return splitArgs(given);
  const own = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
  if (existsSync(own)) return [process.execPath, own];
  const local = resolve('node_modules', 'mcpvet', 'dist', 'cli.js');
  if (existsSync(local)) return [process.execPath, local];
  return ['mcpvet'];
}

function checkFacts(report) {
  const summary = report.summary ?? {};
  const regressions = new Set(report.baseline?.regressions ?? []);
  const expected = (result) => report.baseline !== undefined && !regressions.has(result.id);
  const annotations = (report.results ?? []).flatMap((result) => {
    const kind = result.status === 'fail' || result.status === 'error' ? 'error' : result.status === 'warn' ? 'warning' : undefined;
    if (!kind) return [];
    const title = result.code ? `${result.id}/${result.code}` : result.id;
    return [{ kind: expected(result) ? 'notice' : kind, title, message: `${result.message}${result.spec ? ` (spec: ${result.spec})` : ''}` }];
  });
  const counts = { total: String(report.results?.length ?? 0) };
  for (const status of ['pass', 'fail', 'warn', 'info', 'skip', 'incomplete', 'error']) counts[status] = String(summary[status] ?? 0);
  return { counts, annotations };
}

function fuzzFacts(report) {
  const annotations = (report.failures ?? []).map((failure) => ({
    kind: failure.severity === 'error' ? 'error' : 'warning',
    title: `fuzz ${failure.tool ?? 'envelope'}: ${failure.property}`,
    message: failure.message ?? failure.property,
  }));
  const counts = {
    total: String(report.tools?.length ?? 0),
    calls: String(report.calls ?? 0),
    fail: String(annotations.filter((a) => a.kind === 'error').length),
    warn: String(annotations.filter((a) => a.kind === 'warning').length),
  };
  return { counts, annotations };
}

function evalFacts(report) {
  const under = (report.tasks ?? []).filter((task) => !task.meetsThreshold);
  const annotations = under.map((task) => ({
    kind: 'error',
    title: `eval ${task.task ?? task.id}${task.model ? ` (${task.model})` : ''}`,
    message: `pass rate ${task.passRate} is under the threshold`,
  }));
  return {
    counts: { total: String(report.tasks?.length ?? 0), fail: String(under.length), pass: String((report.tasks?.length ?? 0) - under.length) },
    annotations,
  };
}

function plainSummary(command, exitCode, report) {
  const verdict = exitCode === 0 ? 'passed' : exitCode === 2 ? 'failed' : `could not run (exit ${exitCode})`;
  const failures = report?.failures?.length;
  return `## mcpvet ${command}: ${verdict}\n${failures !== undefined ? `\n${failures} failure(s); see the JSON report.\n` : ''}`;
}

/** `::error title=…::message`, escaped as GitHub's toolkit escapes them (a message cannot start a new command). */
function annotationLine({ kind, title, message }, file) {
  const properties = [file ? `file=${escapeProperty(file)}` : '', `title=${escapeProperty(title)}`].filter(Boolean).join(',');
  return `::${kind} ${properties}::${escapeData(message)}`;
}

function escapeData(text) {
  return String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text) {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `key=value`, or the heredoc form with a random delimiter for values of several lines. */
function outputLine(key, value) {
  if (!value.includes('\n') && !value.includes('\r')) return `${key}=${value}\n`;
  const delimiter = `mcpvet_${randomBytes(8).toString('hex')}`;
  return `${key}<<${delimiter}\n${value}\n${delimiter}\n`;
}

/** `args` as a shell would split them: spaces separate, quotes group, nothing is expanded. */
function splitArgs(text) {
  const args = [];
  let current;
  let quote;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      current ??= '';
    } else if (/\s/.test(char)) {
      if (current !== undefined) args.push(current);
      current = undefined;
    } else current = (current ?? '') + char;
  }
  if (quote) throw new Error(`args: unclosed ${quote}`);
  if (current !== undefined) args.push(current);
  return args;
}

function fail(message) {
  process.stdout.write(`::error title=mcpvet action::${escapeData(message)}\n`);
  process.stderr.write(`mcpvet action: ${message}\n`);
  process.exitCode = 1;
}

main();

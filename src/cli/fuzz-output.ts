/**
 * Where fuzz reports go: one format to stdout; with -o, one format to that file, or (several
 * formats, or -o naming a folder) each format into the folder as report.json, report.sarif,
 * junit.xml, with the console report still on stdout when asked for. Remembered secret values and
 * the canary are masked in every output.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { printJson, printNote, printText } from './output.js';
import { maskLiterals } from '../report/redact.js';
import { prepareOutputDir } from '../report/write.js';
import type { FuzzReport } from '../fuzz/report.js';
import { renderFuzzConsole } from '../report/fuzz/console.js';
import { renderFuzzJson } from '../report/fuzz/json.js';
import { renderFuzzJunit } from '../report/fuzz/junit.js';
import { renderFuzzSarif } from '../report/fuzz/sarif.js';

export type Destination = { kind: 'file'; path: string } | { kind: 'dir'; path: string };

const FILE_NAMES: Record<string, string> = { json: 'report.json', sarif: 'report.sarif', junit: 'junit.xml' };

/** Checks -o before the run: a folder that can be written, or a file whose folder can be. */
export function prepareFuzzOutput(path: string, formats: string[]): Destination {
  const isDir = formats.length > 1 || path.endsWith('/') || statOrUndefined(path)?.isDirectory() === true;
  if (isDir) {
    prepareOutputDir(path);
    return { kind: 'dir', path };
  }
  prepareOutputDir(dirname(path));
  return { kind: 'file', path };
}

export function writeFuzzReports(report: FuzzReport, formats: string[], destination: Destination | undefined, options: { color: boolean }): void {
  const render = (format: string, color: boolean): string => {
    switch (format) {
      case 'json':
        return renderFuzzJson(report);
      case 'sarif':
        return renderFuzzSarif(report);
      case 'junit':
        return renderFuzzJunit(report);
      default:
        return renderFuzzConsole(report, { color });
    }
  };
  const print = (format: string) => {
    const text = render(format, options.color);
    if (format === 'json' || format === 'sarif') printJson(text);
    else printText(text);
  };
  if (!destination) return print(formats[0] ?? 'console');
  if (destination.kind === 'file') {
    writeFileSync(destination.path, maskLiterals(render(formats[0] ?? 'console', false)), 'utf8');
    printNote(`mcpvet: wrote ${destination.path}`);
    return;
  }
  mkdirSync(destination.path, { recursive: true });
  const written = formats.filter((format) => FILE_NAMES[format] !== undefined);
  for (const format of written) writeFileSync(join(destination.path, FILE_NAMES[format] as string), maskLiterals(render(format, false)), 'utf8');
  if (formats.includes('console')) print('console');
  printNote(`mcpvet: wrote ${written.length} report file${written.length === 1 ? '' : 's'} to ${destination.path}`);
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Where a command's reports go: one format to stdout; with -o, one format to that file, or
 * (several formats, or -o naming a folder) each format into the folder under its file name, with
 * the console report still on stdout when asked for. Remembered secret values are masked in files.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { maskLiterals } from '../report/redact.js';
import { prepareOutputDir } from '../report/write.js';
import { printJson, printNote, printText } from './output.js';

export type Destination = { kind: 'file'; path: string } | { kind: 'dir'; path: string };

/** Checks -o before the run: a folder that can be written, or a file whose folder can be. */
export function prepareDestination(path: string, formats: string[]): Destination {
  const isDir = formats.length > 1 || path.endsWith('/') || statOrUndefined(path)?.isDirectory() === true;
  if (isDir) {
    prepareOutputDir(path);
    return { kind: 'dir', path };
  }
  prepareOutputDir(dirname(path));
  return { kind: 'file', path };
}

export interface ReportWriter {
  render(format: string, color: boolean): string;
  /** Folder file name per format; a format without one (console) goes to stdout. */
  fileNames: Record<string, string>;
  /** Formats printed as one JSON line on stdout. */
  jsonFormats: string[];
}

export function writeReports(writer: ReportWriter, formats: string[], destination: Destination | undefined, options: { color: boolean }): void {
  const print = (format: string) => {
    const text = writer.render(format, options.color);
    if (writer.jsonFormats.includes(format)) printJson(text);
    else printText(text);
  };
  if (!destination) return print(formats[0] ?? 'console');
  if (destination.kind === 'file') {
    writeFileSync(destination.path, maskLiterals(writer.render(formats[0] ?? 'console', false)), 'utf8');
    printNote(`mcpvet: wrote ${destination.path}`);
    return;
  }
  mkdirSync(destination.path, { recursive: true });
  const written = formats.filter((format) => writer.fileNames[format] !== undefined);
  for (const format of written) writeFileSync(join(destination.path, writer.fileNames[format] as string), maskLiterals(writer.render(format, false)), 'utf8');
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

/** `--format` of every reporting command, checked against the one list in report/formats.ts. */
import { COMMAND_FORMATS, parseFormatList, type Format, type ReportingCommand } from '../report/formats.js';
import { usageError } from './cli-error.js';
import { oneLine } from '../wire/control-chars.js';

/** The formats asked for; one clear line when a name is unknown, or several go to stdout. */
export function formatsFlag(command: ReportingCommand, value: string, options: { hasOutput: boolean; multiple: boolean }): Format[] {
  const { formats, unknown } = parseFormatList(command, value);
  if (unknown !== undefined) throw usageError(`unknown format "${oneLine(unknown)}" for ${command} (formats: ${COMMAND_FORMATS[command].join(', ')})`);
  if (formats.length > 1 && !options.multiple) throw usageError(`--format takes one format for ${command}, not "${oneLine(value)}"`);
  if (formats.length > 1 && !options.hasOutput) throw usageError(`--format ${formats.join(',')}: several formats need -o DIR (stdout takes one)`);
  return formats;
}

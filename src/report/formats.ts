/**
 * The one list of report formats, and which commands write which. A command's `--format` help,
 * its validation and its file names under `-o DIR` all come from here, so a format is added (or
 * given to a command) in this file and in its renderer, nowhere else.
 */
export const FORMATS = {
  console: { file: undefined, about: 'for people at a terminal' },
  json: { file: 'report.json', about: 'the whole result, for scripts' },
  junit: { file: 'junit.xml', about: 'for CI test panels' },
  markdown: { file: 'report.md', about: 'a GitHub job summary or PR comment' },
  html: { file: 'report.html', about: 'one self-contained page with a trace viewer' },
  sarif: { file: 'report.sarif', about: 'for code scanning' },
} as const satisfies Record<string, { file: string | undefined; about: string }>;

export type Format = keyof typeof FORMATS;

/**
 * What each reporting command writes. eval has no SARIF (a pass rate is not a place in code),
 * and the contract commands no HTML or SARIF (a change list has no frames and no rule to scan).
 * `call` prints a server's answer, not a report, so it is not here.
 */
export const COMMAND_FORMATS = {
  check: ['console', 'json', 'junit', 'markdown', 'html', 'sarif'],
  lint: ['console', 'json', 'junit', 'markdown', 'html', 'sarif'],
  fuzz: ['console', 'json', 'junit', 'markdown', 'html', 'sarif'],
  eval: ['console', 'json', 'junit', 'markdown', 'html'],
  'eval compare': ['console', 'json', 'markdown'],
  diff: ['console', 'json', 'junit', 'markdown'],
  verify: ['console', 'json', 'junit', 'markdown'],
  load: ['console', 'json', 'junit', 'markdown', 'html'],
} as const satisfies Record<string, readonly Format[]>;

export type ReportingCommand = keyof typeof COMMAND_FORMATS;

/** `text`, the name lint, diff and verify first used for `console`, is still accepted. */
const ALIASES: Record<string, Format> = { text: 'console' };

/** `--format` help: the formats a command writes. */
export function formatHelp(command: ReportingCommand, multiple: boolean): string {
  return `${COMMAND_FORMATS[command].join(', ')}${multiple ? ' (comma-separated; several need -o DIR)' : ''}`;
}

/** The format names in a `--format` value, aliases resolved, each once; `unknown` names the first it does not know. */
export function parseFormatList(command: ReportingCommand, value: string): { formats: Format[]; unknown?: string } {
  const allowed: readonly Format[] = COMMAND_FORMATS[command];
  const formats: Format[] = [];
  for (const raw of value.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    const format = (ALIASES[name] ?? name) as Format;
    if (!allowed.includes(format)) return { formats, unknown: name };
    if (!formats.includes(format)) formats.push(format);
  }
  return formats.length === 0 ? { formats, unknown: value } : { formats };
}

/** The file a format is written to under `-o DIR` (console: none, it goes to stdout). */
export const fileNameOf = (format: Format): string | undefined => FORMATS[format].file;

/**
 * The reporter contract (vitest's layout: one file per format, all rendering the same
 * RunReport) and the registry that loads a reporter only when it is asked for, so the
 * CLI's cold start pays for none of them.
 */
import type { RunReport } from '../check/types.js';
import type { Format } from './formats.js';

export interface RenderOptions {
  /** ANSI color; the caller decides (false for NO_COLOR, non-TTY output and files). */
  color: boolean;
  /** Show passing checks and every evidence frame, not only the first few. */
  verbose?: boolean;
  /**
   * Literal values to mask wherever they appear (e.g. the values of --header and -e given
   * on the command line), on top of what `redact` recognizes by shape.
   */
  secrets?: readonly string[];
  /** SARIF: the repo-relative file results point at (--sarif-location); else one is chosen (sarif-location.ts). */
  sarifLocation?: string;
}

export interface Reporter {
  /** Its format; the file it is written to under `-o DIR` is in formats.ts. */
  name: string;
  render(report: RunReport, options: RenderOptions): string;
}

/**
 * The shared renderers, one per format of formats.ts (the compiler holds them to that list):
 * adding a format is its entry there, a file exporting a default Reporter, and one line here.
 */
const LOADERS: Record<Format, () => Promise<{ default: Reporter }>> = {
  console: () => import('./console.js'),
  json: () => import('./json.js'),
  junit: () => import('./junit.js'),
  markdown: () => import('./markdown.js'),
  html: () => import('./html.js'),
  sarif: () => import('./sarif.js'),
};

export const REPORTER_NAMES: readonly string[] = Object.keys(LOADERS);

export class UnknownReporterError extends Error {
  constructor(readonly reporterName: string) {
    super(`unknown report format '${reporterName}' (known: ${REPORTER_NAMES.join(', ')})`);
    this.name = 'UnknownReporterError';
  }
}

export async function getReporter(name: string): Promise<Reporter> {
  const load = Object.hasOwn(LOADERS, name) ? LOADERS[name as Format] : undefined;
  if (!load) throw new UnknownReporterError(name);
  return (await load()).default;
}

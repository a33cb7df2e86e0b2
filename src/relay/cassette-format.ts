/**
 * The cassette file: newline-delimited JSON, one header line, then one line per frame in the order
 * the frames crossed the proxy. Written line by line so a crash loses nothing already seen; read
 * back with a schema so a hand-edited, cut or foreign file fails with a line number, not a stack trace.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { parseJson } from '../wire/json-depth.js';

export const CASSETTE_FORMAT = 'mcpvet-cassette';
export const CASSETTE_VERSION = 1;

const RedactionSchema = z.object({
  /** env (a value given to the server), header, query (of --url), token (a key-shaped string), pattern (--redact). */
  kind: z.enum(['env', 'header', 'query', 'token', 'pattern']),
  /** The env variable, the header name, the query parameter, the token shape, or `--redact #N`; never the value. */
  name: z.string(),
  count: z.number().int().nonnegative(),
});

const HeaderSchema = z.object({
  type: z.literal('header'),
  format: z.literal(CASSETTE_FORMAT),
  version: z.literal(CASSETTE_VERSION),
  recordedAt: z.string(),
  /** How the server was reached, described for people and redacted (no env values, no query strings). */
  target: z.object({ transport: z.enum(['stdio', 'http']), description: z.string() }),
  transport: z.enum(['stdio', 'http']),
  era: z.enum(['modern', 'legacy']).optional(),
  protocolVersion: z.string().optional(),
  /** False while recording; true once the recorder closed the file cleanly. */
  complete: z.boolean().optional(),
  redactions: z.array(RedactionSchema),
});

const HttpMetaSchema = z.object({
  /** Pairs a client request with the server frames that answered it. */
  exchange: z.number().int().nonnegative(),
  method: z.string(),
  path: z.string(),
  status: z.number().int().optional(),
  headers: z.record(z.string(), z.string()),
});

const FrameSchema = z.object({
  type: z.literal('frame'),
  seq: z.number().int().nonnegative(),
  /** Milliseconds since the recording began. */
  t: z.number().nonnegative(),
  dir: z.enum(['client', 'server']),
  kind: z.enum(['message', 'parse-error', 'pollution', 'stderr', 'http', 'exit']),
  raw: z.string(),
  http: HttpMetaSchema.optional(),
});

export type Redaction = z.infer<typeof RedactionSchema>;
export type CassetteHeader = z.infer<typeof HeaderSchema>;
export type CassetteFrame = z.infer<typeof FrameSchema>;
export type CassetteHttpMeta = z.infer<typeof HttpMetaSchema>;

export interface Cassette {
  header: CassetteHeader;
  frames: CassetteFrame[];
}

export class CassetteFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CassetteFormatError';
  }
}

export function parseCassette(text: string, source = 'cassette'): Cassette {
  const lines = text.split('\n');
  const records: unknown[] = [];
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    try {
      records.push({ line: index + 1, value: parseJson(line) });
    } catch {
      // A half-written line (a cut file, a killed recorder) is refused: replaying a part as the whole would mislead.
      const what = records.length === 0 ? 'the header line' : 'a frame line';
      const cut = index === lines.length - 1 ? ': the file ends mid-line (cut off, or still being written)' : '';
      throw new CassetteFormatError(`${source}:${index + 1}: ${what} is not complete JSON${cut}`);
    }
  });
  const [first, ...rest] = records as { line: number; value: unknown }[];
  if (!first) throw new CassetteFormatError(`${source}: empty file, not a cassette`);
  const header = HeaderSchema.safeParse(first.value);
  if (!header.success) {
    const value = first.value as Record<string, unknown> | null;
    if (value?.format !== CASSETTE_FORMAT) throw new CassetteFormatError(`${source}:${first.line}: not an mcpvet cassette (the first line must be its header)`);
    if (value.version !== CASSETTE_VERSION)
      throw new CassetteFormatError(
        `${source}: cassette format version ${String(value.version)} is not supported (this mcpvet reads version ${CASSETTE_VERSION})`,
      );
    throw new CassetteFormatError(`${source}:${first.line}: bad header: ${describeIssue(header.error)}`);
  }
  const frames = rest.map(({ line, value }) => {
    const frame = FrameSchema.safeParse(value);
    if (!frame.success) throw new CassetteFormatError(`${source}:${line}: bad frame: ${describeIssue(frame.error)}`);
    return frame.data;
  });
  return { header: header.data, frames };
}

export async function readCassette(path: string): Promise<Cassette> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CassetteFormatError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot be read (${code ?? String(error)})`);
  }
  return parseCassette(text, path);
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.length ? issue.path.join('.') : '(root)';
  return `${path}: ${issue.message}`;
}

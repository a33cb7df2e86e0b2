/** `mcpvet record`: a transparent recording proxy, or a scripted recording. Parsing and wiring only. */
import { connect } from '../client/connect.js';
import { RecordingHttp, RecordingLines } from '../cassette/recorders.js';
import { Redactor } from '../cassette/redact.js';
import { ForwardingUpstream } from '../relay/forwarding-upstream.js';
import { SpawnedServer } from '../relay/lines.js';
import { loadScript, runScript, ScriptError } from '../cassette/script.js';
import { recordTrace } from '../cassette/trace-recorder.js';
import { CassetteWriter } from '../cassette/writer.js';
import { Trace } from '../wire/trace.js';
import { secretValuesOf } from '../wire/secret-values.js';
import { redactUrl, type Target } from '../wire/target.js';
import { usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { printNote } from './output.js';
import { serveHttpUntilStopped, serveLines, type ListenFlags } from './serve-relay.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface RecordFlags extends TargetFlags, ListenFlags {
  output: string;
  redact: string[];
  script?: string;
}

export async function runRecord(positional: string[], flags: RecordFlags): Promise<number> {
  const patterns = flags.redact.map(compilePattern);
  const target = await resolveTarget(flags, positional);
  if (flags.listen !== undefined && (target.transport === 'stdio' || flags.script))
    throw usageError('--listen applies to recording an --url target as a proxy');
  const steps = flags.script ? await loadScript(flags.script).catch(toUsage) : undefined;
  // One set of rules for the cassette and for what is printed: the run's secret values, token shapes, --redact.
  const redactorOptions = { secrets: secretValuesOf(target), patterns };
  const writer = openWriter(flags.output, target, new Redactor(redactorOptions));

  if (steps) {
    // The cassette gets answers as they crossed the wire, not re-serialized from a 64 KB head.
    const trace = new Trace({ parsedRawChars: Number.POSITIVE_INFINITY });
    recordTrace(trace, writer);
    const client = await connect(target, { era: flags.protocolEra, timeoutMs: flags.timeout, trace });
    // A redactor of its own, so the cassette header counts only what was removed from the cassette.
    const printed = new Redactor(redactorOptions);
    try {
      for (const line of await runScript(client, steps)) printNote(printed.string(line));
    } finally {
      await client.close();
      writer.close();
    }
    printNote(`mcpvet record: ${writer.frameCount} frames (${client.era} era) written to ${flags.output}`);
    return ExitCode.Ok;
  }
  if (target.transport === 'stdio') {
    const server = new SpawnedServer(target);
    return serveLines(new RecordingLines(server, writer), server);
  }
  // Stopped by a signal: the writer's exit hook completes the cassette.
  const upstream = new RecordingHttp(new ForwardingUpstream(target.url, target.headers), writer);
  return serveHttpUntilStopped(
    upstream,
    flags,
    new URL(target.url).pathname,
    'mcpvet record',
    `forwarding to ${redactUrl(target.url)}, writing ${flags.output}`,
  );
}

function compilePattern(source: string): RegExp {
  try {
    return new RegExp(source, 'g');
  } catch (error) {
    throw usageError(`--redact: not a regular expression: ${(error as Error).message}`);
  }
}

function openWriter(path: string, target: Target, redactor: Redactor): CassetteWriter {
  try {
    return new CassetteWriter({ path, target, redactor });
  } catch (error) {
    throw usageError(`cannot write -o ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function toUsage(error: unknown): never {
  throw error instanceof ScriptError ? usageError(error.message) : error;
}

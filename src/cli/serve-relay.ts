/** Running a relay front from a command: stdio until either side ends, or an HTTP listener until stopped. */
import { serveHttpFront } from '../relay/http-front.js';
import type { PassthroughTarget } from '../relay/http-passthrough.js';
import type { HttpUpstream } from '../relay/http-upstream.js';
import type { LineUpstream } from '../relay/lines.js';
import { serveStdioFront } from '../relay/stdio-front.js';
import { usageError } from './cli-error.js';
import { printText } from './output.js';

export interface ListenFlags {
  listen?: number;
  /** false with --no-auth-token. */
  authToken: boolean;
}

/** Relays stdio until either side ends, then makes sure the real server is gone too. */
export async function serveLines(upstream: LineUpstream, ...alsoClose: LineUpstream[]): Promise<number> {
  // The server's stderr may echo the secrets it was given: it passes the output redactor.
  const code = await serveStdioFront(upstream, {
    input: process.stdin,
    output: process.stdout,
    errors: { write: (text: string) => printText(text, process.stderr) },
  });
  await Promise.all([upstream.close(), ...alsoClose.map((inner) => inner.close())]);
  return code;
}

/**
 * Listens on 127.0.0.1 and serves until the process is stopped (Ctrl-C, SIGTERM). The URL printed
 * carries the run's token: a client given that URL works unchanged; a web page that guesses the port does not.
 */
export async function serveHttpUntilStopped(
  upstream: HttpUpstream,
  flags: ListenFlags,
  path: string,
  label: string,
  detail = '',
  passthrough?: PassthroughTarget,
): Promise<never> {
  const port = flags.listen ?? 0;
  let front;
  try {
    front = await serveHttpFront(upstream, {
      port,
      token: flags.authToken ? undefined : false,
      onRefused: (line) => process.stderr.write(`${line}\n`),
      passthrough,
    });
  } catch (error) {
    throw usageError(`cannot listen on 127.0.0.1:${port}: ${(error as Error).message}`);
  }
  process.stderr.write(`${label}: listening on ${front.urlFor(path || '/')}${detail ? ` (${detail})` : ''}\n`);
  return new Promise<never>(() => {});
}

/**
 * The stdio front: mcpvet stands where the server would, reading the client's lines on stdin and
 * writing the upstream's lines to stdout, so an MCP client starts `mcpvet record|replay|proxy`
 * in place of the server and cannot tell.
 */
import type { Readable, Writable } from 'node:stream';
import { ByteLineSplitter } from '../wire/byte-line-splitter.js';
import { LineSplitter } from '../wire/line-splitter.js';
import { passesBytes, type LineUpstream } from './lines.js';

export interface StdioFrontIo {
  input: Readable;
  output: Writable;
  /** Where the server's stderr and mcpvet's notes go (a CLI passes one that masks the run's secrets). */
  errors: { write(text: string): unknown };
}

const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Relays until the upstream closes (the server exited, or stdin ended); resolves with the exit code to use. */
export function serveStdioFront(
  upstream: LineUpstream,
  io: StdioFrontIo = { input: process.stdin, output: process.stdout, errors: process.stderr },
): Promise<number> {
  return new Promise((resolve) => {
    const oversize = (bytes: number) => io.errors.write(`mcpvet: dropped a ${bytes}-byte line from the client (limit ${MAX_LINE_BYTES})\n`);
    // An upstream that passes bytes (the plain proxy) gets lines undecoded, under the same rules.
    const bytes = passesBytes(upstream);
    const splitter = bytes
      ? new ByteLineSplitter(MAX_LINE_BYTES, { line: (line) => upstream.writeBytes(line), oversize })
      : new LineSplitter(MAX_LINE_BYTES, { line: (text) => upstream.write(text), oversize });
    const onData = (chunk: Buffer) => splitter.push(chunk);
    const onEnd = () => {
      splitter.end();
      void upstream.close();
    };
    io.input.on('data', onData);
    io.input.once('end', onEnd);
    // A client that went away must not crash the relay with EPIPE.
    io.output.on('error', () => {});
    // Backpressure: while the client has not read what was written, neither side is read further.
    let paused = false;
    io.output.on('drain', () => {
      if (!paused) return;
      paused = false;
      upstream.resume();
      io.input.resume();
    });
    const toClient = (line: string | Buffer) => {
      if (io.output.write(line) || paused) return;
      paused = true;
      upstream.pause();
      io.input.pause();
    };
    if (bytes) upstream.onBytes(toClient);
    else upstream.onLine((line) => toClient(line + '\n'));
    upstream.onStderr((line) => io.errors.write(line + '\n'));
    upstream.onClose((code) => {
      io.input.off('data', onData);
      io.input.off('end', onEnd);
      // Stop reading stdin so the process can end; wait for stdout to drain first.
      paused = false;
      io.input.pause();
      if (typeof (io.input as { unref?: () => void }).unref === 'function') (io.input as unknown as { unref(): void }).unref();
      io.output.write('', () => resolve(code));
    });
  });
}

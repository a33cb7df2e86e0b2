/**
 * Appends frames to a cassette as they pass. Every line is written with a synchronous write, so a
 * crash of the server, the client or mcpvet itself loses nothing already seen. The header is
 * written first (marked incomplete) and rewritten on close with the era and the redaction counts,
 * which are only known at the end; close is synchronous so it also runs from a process 'exit' hook.
 */
import { closeSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { isObject } from '../protocol/jsonrpc.js';
import { META } from '../protocol/meta.js';
import { eraOfVersion } from '../protocol/versions.js';
import { describeTarget, redactUrl, type Target } from '../wire/target.js';
import { CASSETTE_FORMAT, CASSETTE_VERSION, type CassetteFrame, type CassetteHeader, type CassetteHttpMeta } from '../relay/cassette-format.js';
import type { Redactor } from './redact.js';
import { parseJson } from '../wire/json-depth.js';

export interface FrameToWrite {
  dir: CassetteFrame['dir'];
  kind: CassetteFrame['kind'];
  raw: string;
  http?: CassetteHttpMeta;
}

export interface CassetteWriterOptions {
  path: string;
  target: Target;
  redactor: Redactor;
}

/** Bytes copied at a time when the header is rewritten. */
const COPY_CHUNK_BYTES = 1024 * 1024;

export class CassetteWriter {
  private fd: number | undefined;
  /** Bytes of the header line first written, which close() replaces. */
  private headerBytes = 0;
  private seq = 0;
  private readonly started = performance.now();
  private readonly header: CassetteHeader;
  private readonly era = new EraObserver();
  private readonly onExit = () => this.close();

  constructor(private readonly options: CassetteWriterOptions) {
    const { target, redactor } = options;
    this.header = {
      type: 'header',
      format: CASSETTE_FORMAT,
      version: CASSETTE_VERSION,
      recordedAt: new Date().toISOString(),
      target: { transport: target.transport, description: redactor.string(target.transport === 'http' ? redactUrl(target.url) : describeTarget(target)) },
      transport: target.transport,
      complete: false,
      redactions: [],
    };
    this.fd = openSync(options.path, 'w');
    this.headerBytes = this.append(this.header);
    process.once('exit', this.onExit);
  }

  get path(): string {
    return this.options.path;
  }

  get frameCount(): number {
    return this.seq;
  }

  /** Redacts and appends one frame. Frames after close are ignored (late output of a dying server). */
  write(frame: FrameToWrite): void {
    if (this.fd === undefined) return;
    const { redactor } = this.options;
    const raw = redactor.text(frame.raw);
    this.era.observe(frame.dir, frame.raw);
    const line: CassetteFrame = {
      type: 'frame',
      seq: this.seq++,
      t: Math.round((performance.now() - this.started) * 1000) / 1000,
      dir: frame.dir,
      kind: frame.kind,
      raw,
    };
    if (frame.http)
      line.http = {
        ...frame.http,
        path: redactor.string(redactUrl(`http://x${frame.http.path}`).slice('http://x'.length)),
        headers: redactor.headers(frame.http.headers),
      };
    this.append(line);
  }

  /** Rewrites the header with what the recording found, atomically (write aside, then rename). */
  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    process.removeListener('exit', this.onExit);
    const final: CassetteHeader = { ...this.header, ...this.era.result(), complete: true, redactions: this.options.redactor.summary() };
    const aside = `${this.options.path}.${process.pid}.tmp`;
    // The frames are copied a chunk at a time: a flood's cassette (270 MB in 4 s) read whole took
    // `record` past 600 MB as it closed.
    const output = openSync(aside, 'w');
    const input = openSync(this.options.path, 'r');
    try {
      writeSync(output, JSON.stringify(final) + '\n');
      const chunk = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
      let position = this.headerBytes;
      for (let read; (read = readSync(input, chunk, 0, chunk.length, position)) > 0; position += read) writeSync(output, chunk, 0, read);
    } finally {
      closeSync(input);
      closeSync(output);
    }
    renameSync(aside, this.options.path);
  }

  /** Appends one record as a line; returns its length in bytes. */
  private append(record: object): number {
    if (this.fd === undefined) return 0;
    return writeSync(this.fd, JSON.stringify(record) + '\n');
  }
}

/**
 * Which era the recorded conversation used: a successful `initialize` means legacy (an `auto`
 * client probes with server/discover first and falls back); a modern request answered with a
 * result means modern.
 */
class EraObserver {
  private readonly requests = new Map<string, { method: string; modernVersion?: string }>();
  private era: CassetteHeader['era'];
  private protocolVersion: string | undefined;

  observe(dir: CassetteFrame['dir'], raw: string): void {
    const message = tryParse(raw);
    if (!isObject(message)) return;
    if (dir === 'client' && typeof message.method === 'string' && message.id !== undefined) {
      const meta = isObject(message.params) && isObject(message.params._meta) ? message.params._meta : {};
      const version = meta[META.protocolVersion];
      this.requests.set(String(message.id), { method: message.method, modernVersion: typeof version === 'string' ? version : undefined });
      return;
    }
    if (dir !== 'server' || message.method !== undefined || !isObject(message.result)) return;
    const request = this.requests.get(String(message.id));
    if (!request) return;
    if (request.method === 'initialize' && typeof message.result.protocolVersion === 'string') {
      this.era = 'legacy';
      this.protocolVersion = message.result.protocolVersion;
    } else if (request.modernVersion && this.era !== 'legacy' && eraOfVersion(request.modernVersion) === 'modern') {
      this.era = 'modern';
      this.protocolVersion = request.modernVersion;
    }
  }

  result(): Pick<CassetteHeader, 'era' | 'protocolVersion'> {
    const out: Pick<CassetteHeader, 'era' | 'protocolVersion'> = {};
    if (this.era) out.era = this.era;
    if (this.protocolVersion) out.protocolVersion = this.protocolVersion;
    return out;
  }
}

function tryParse(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

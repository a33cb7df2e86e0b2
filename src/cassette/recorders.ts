/**
 * The recorder: wrappers that write every frame to a cassette as it passes, without changing it.
 * One for line upstreams (stdio) and one for HTTP upstreams; both are transparent.
 */
import { isObject } from '../protocol/jsonrpc.js';
import type { CassetteFrame } from '../relay/cassette-format.js';
import { LineWrapper, type LineUpstream } from '../relay/lines.js';
import type { HttpRequestIn, HttpResponseOut, HttpUpstream, SseEvent } from '../relay/http-upstream.js';
import type { CassetteWriter } from './writer.js';
import { JsonTooDeepError, parseJson } from '../wire/json-depth.js';

/** What a line is: a JSON-RPC message, text that is not JSON, or (from a server) anything else on stdout. */
export function kindOfLine(line: string, dir: CassetteFrame['dir']): CassetteFrame['kind'] {
  let parsed: unknown;
  try {
    parsed = parseJson(line);
  } catch (error) {
    // Too deep to read is still JSON (a message mcpvet refuses, not stray text on stdout).
    if (error instanceof JsonTooDeepError) return 'message';
    return dir === 'server' ? 'pollution' : 'parse-error';
  }
  if (isObject(parsed) && parsed.jsonrpc === '2.0') return 'message';
  return dir === 'server' ? 'pollution' : 'message';
}

export class RecordingLines extends LineWrapper {
  constructor(
    inner: LineUpstream,
    private readonly writer: CassetteWriter,
  ) {
    super(inner);
    inner.onStderr((line) => writer.write({ dir: 'server', kind: 'stderr', raw: line }));
    inner.onClose((code) => {
      writer.write({ dir: 'server', kind: 'exit', raw: `exit code=${code}` });
      writer.close();
    });
  }

  override write(line: string): void {
    this.writer.write({ dir: 'client', kind: kindOfLine(line, 'client'), raw: line });
    super.write(line);
  }

  protected override fromServer(line: string): void {
    this.writer.write({ dir: 'server', kind: kindOfLine(line, 'server'), raw: line });
    super.fromServer(line);
  }
}

export class RecordingHttp implements HttpUpstream {
  private exchanges = 0;

  constructor(
    private readonly inner: HttpUpstream,
    private readonly writer: CassetteWriter,
  ) {}

  async handle(request: HttpRequestIn): Promise<HttpResponseOut> {
    const exchange = ++this.exchanges;
    const { method, path } = request;
    this.writer.write({
      dir: 'client',
      kind: request.body === '' ? 'http' : kindOfLine(request.body, 'client'),
      raw: request.body,
      http: { exchange, method, path, headers: request.headers },
    });
    const response = await this.inner.handle(request);
    const http = { exchange, method, path, status: response.status, headers: response.headers };
    const write = (raw: string, kind: CassetteFrame['kind']) => this.writer.write({ dir: 'server', kind, raw, http });
    const body = response.body;
    switch (body.type) {
      case 'none':
        write('', 'http');
        return response;
      case 'text':
      case 'cut':
        write(body.text, isJson(body.text) ? 'message' : 'http');
        return response;
      case 'sse':
        return { ...response, body: { type: 'sse', events: this.recordEvents(body.events, write) } };
      case 'hang-up':
        return response;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async *recordEvents(events: AsyncIterable<SseEvent>, write: (raw: string, kind: CassetteFrame['kind']) => void): AsyncGenerator<SseEvent> {
    for await (const event of events) {
      write(event.data, isJson(event.data) ? 'message' : 'parse-error');
      yield event;
    }
  }
}

function isJson(text: string): boolean {
  try {
    parseJson(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The shell's one connection and what it caches: the server's lists (for completion and argument
 * coercion), and whether the server process is still alive. `reconnect` replaces all of it.
 */
import { connect, type ConnectOptions } from '../client/connect.js';
import type { JsonObject, McpClient } from '../client/types.js';
import type { ListMethod } from '../protocol/lists.js';
import type { Target } from '../wire/target.js';
import type { Frame } from '../wire/trace.js';

/** Which capability a list needs: a server without it is not asked (completion stays quiet). */
const CAPABILITY: Record<ListMethod, string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
};

export class NotRunning extends Error {}

export class ShellConnection {
  private current: McpClient | undefined;
  private readonly lists = new Map<ListMethod, Promise<JsonObject[]>>();
  private stopWatching: (() => void) | undefined;
  /** Why the server stopped (its process exited), until the next connect. */
  stopped: string | undefined;
  /** Told once when the server process exits by itself. */
  onStopped: (why: string) => void = () => undefined;

  constructor(
    readonly target: Target,
    private readonly options: ConnectOptions,
  ) {}

  async open(): Promise<McpClient> {
    const client = await connect(this.target, this.options);
    this.current = client;
    this.stopped = undefined;
    this.lists.clear();
    this.stopWatching = client.trace.subscribe((frame) => this.watch(frame));
    return client;
  }

  async reconnect(): Promise<McpClient> {
    await this.close();
    return this.open();
  }

  /** The live client; a one-line error when there is none to use. */
  get client(): McpClient {
    if (!this.current) throw new NotRunning('not connected: type reconnect');
    if (this.stopped) throw new NotRunning(`the server is not running (${this.stopped}): type reconnect`);
    return this.current;
  }

  /** The client even if its server stopped (era, handshake, trace stay readable). */
  get lastClient(): McpClient | undefined {
    return this.current;
  }

  /** A list, fetched once per connection (auto-paginated); `fresh` asks again. */
  list(method: ListMethod, fresh = false): Promise<JsonObject[]> {
    const client = this.client;
    let pending = fresh ? undefined : this.lists.get(method);
    if (!pending) {
      pending = client.listAll(method);
      this.lists.set(method, pending);
      pending.catch(() => this.lists.delete(method));
    }
    return pending;
  }

  /** For Tab: [] when the server lacks the capability, is gone, or fails. */
  async listQuietly(method: ListMethod): Promise<JsonObject[]> {
    const client = this.current;
    if (!client || this.stopped || client.serverCapabilities[CAPABILITY[method]] === undefined) return [];
    return this.list(method).catch(() => []);
  }

  /** The server said a list changed: it is fetched again when next needed (Tab, call). */
  listChanged(method: string): void {
    const lists: Record<string, ListMethod[]> = {
      'notifications/tools/list_changed': ['tools/list'],
      'notifications/prompts/list_changed': ['prompts/list'],
      'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
    };
    for (const list of lists[method] ?? []) this.lists.delete(list);
  }

  async close(): Promise<void> {
    this.stopWatching?.();
    this.stopWatching = undefined;
    const client = this.current;
    this.current = undefined;
    this.lists.clear();
    await client?.close().catch(() => undefined);
  }

  private watch(frame: Frame): void {
    if (frame.kind !== 'exit' || this.stopped) return;
    const detail = frame.detail ?? {};
    const code = detail.code === null || detail.code === undefined ? '' : `code ${detail.code}`;
    const signal = typeof detail.signal === 'string' ? `signal ${detail.signal}` : '';
    this.stopped = `it exited${code || signal ? ` with ${[code, signal].filter(Boolean).join(', ')}` : ''}`;
    this.onStopped(this.stopped);
  }
}

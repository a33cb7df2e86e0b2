/** The legacy client (2024-11-05 to 2025-11-25): `initialize`, a session, server-to-client requests. */
import { isObject, type JsonObject, type RequestMessage } from '../protocol/jsonrpc.js';
import { LATEST_LEGACY_VERSION, LEGACY_VERSIONS } from '../protocol/versions.js';
import { BaseClient, expectResult, ProtocolViolation, type ClientOptions, type Envelope } from './base-client.js';
import type { Channel } from '../protocol/channel.js';
import type { Target } from '../wire/target.js';
import type { JsonObject as Json } from './types.js';

export class LegacyClient extends BaseClient {
  readonly era = 'legacy' as const;
  sessionId: string | undefined;

  constructor(channel: Channel, target: Target, options: ClientOptions) {
    super(channel, target, options);
    channel.onServerRequest((request) => this.answerServerRequest(request));
  }

  /** The handshake: offer the newest legacy revision, accept any legacy revision the server picks. */
  async initialize(offered: string = LATEST_LEGACY_VERSION): Promise<void> {
    const outcome = await this.request('initialize', {
      protocolVersion: offered,
      capabilities: this.host.capabilities,
      clientInfo: this.clientInfo,
    });
    const result = expectResult(outcome, 'initialize');
    const chosen = typeof result.protocolVersion === 'string' ? result.protocolVersion : '';
    if (!(LEGACY_VERSIONS as readonly string[]).includes(chosen)) {
      throw new ProtocolViolation(`initialize: the server chose protocol version "${chosen}", which mcpvet does not speak in the legacy era`, outcome);
    }
    this.handshake = result;
    this.protocolVersion = chosen;
    this.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
    this.serverInfo = isObject(result.serverInfo) ? (result.serverInfo as never) : undefined;
    this.instructions = typeof result.instructions === 'string' ? result.instructions : undefined;
    const sessionId = outcome.http?.headers['mcp-session-id'];
    if (sessionId) {
      this.sessionId = sessionId;
      this.channel.setDefaultHeaders({ 'mcp-session-id': sessionId });
    }
    // MCP-Protocol-Version is required on HTTP requests after initialize from 2025-06-18 on.
    if (this.channel.transport === 'http') this.channel.setDefaultHeaders({ 'mcp-protocol-version': chosen });
    await this.notify('notifications/initialized');
  }

  protected async envelope(_method: string, params: JsonObject | undefined): Promise<Envelope> {
    return { params, headers: {} };
  }

  override async close(): Promise<void> {
    // Ending the session is polite; a server may answer 405, and a dead one not at all.
    if (this.channel.transport === 'http' && this.sessionId) {
      await this.channel.send('', { timeoutMs: Math.min(this.options.timeoutMs, 2000), httpMethod: 'DELETE' }).catch(() => undefined);
    }
    await super.close();
  }

  private async answerServerRequest(request: RequestMessage): Promise<{ result?: Json; error?: { code: number; message: string } }> {
    if (request.method === 'ping') return { result: {} };
    try {
      return { result: await this.host.answer({ method: request.method, params: request.params }) };
    } catch (error) {
      return { error: { code: -32601, message: (error as Error).message } };
    }
  }
}

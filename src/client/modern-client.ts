/** The 2026-07-28 client: stateless, `_meta` on every request, headers derived from the body, MRTR. */
import { modernHeaders } from '../protocol/headers.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { META, withModernMeta } from '../protocol/meta.js';
import { BaseClient, type Envelope } from './base-client.js';
import type { RpcOutcome } from './types.js';

export class ModernClient extends BaseClient {
  readonly era = 'modern' as const;
  private toolsFetched = false;

  /** Takes what a DiscoverResult says about the server. */
  adoptDiscover(result: JsonObject): void {
    this.handshake = result;
    this.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
    this.instructions = typeof result.instructions === 'string' ? result.instructions : undefined;
    const meta = isObject(result._meta) ? result._meta : {};
    const info = meta[META.serverInfo];
    this.serverInfo = isObject(info) ? (info as never) : undefined;
  }

  protected async envelope(method: string, params: JsonObject | undefined, kind: 'request' | 'notification'): Promise<Envelope> {
    const wrapped = withModernMeta(params, {
      protocolVersion: this.protocolVersion,
      clientCapabilities: this.host.capabilities,
      clientInfo: this.clientInfo,
    });
    if (this.channel.transport !== 'http') return { params: wrapped, headers: {} };
    let inputSchema: unknown;
    if (method === 'tools/call' && typeof params?.name === 'string') inputSchema = (await this.toolDefinition(params.name))?.inputSchema;
    return {
      params: wrapped,
      headers: modernHeaders({ protocolVersion: this.protocolVersion, method, params: wrapped, inputSchema, isNotification: kind === 'notification' }),
    };
  }

  /** `x-mcp-header` arguments must be mirrored in headers, so a call needs the tool's schema (fetched once). */
  private async toolDefinition(name: string): Promise<JsonObject | undefined> {
    if (!this.knownTools.has(name) && !this.toolsFetched && isObject(this.serverCapabilities.tools)) {
      this.toolsFetched = true;
      await this.listAll('tools/list').catch(() => undefined);
    }
    return this.knownTools.get(name);
  }

  /**
   * MRTR (DIGEST §7): on `input_required`, answer every input request through the host, then
   * resend the original params with `inputResponses` and the exact `requestState`, under a new id.
   */
  protected override async requestWithInput(method: string, params: JsonObject, options: { timeoutMs?: number } = {}): Promise<RpcOutcome> {
    const maxRounds = this.options.maxInputRounds ?? 8;
    let next = params;
    let outcome: RpcOutcome | undefined;
    for (let round = 1; round <= maxRounds; round++) {
      outcome = await this.request(method, next, options);
      outcome.rounds = round;
      const result = outcome.result;
      if (result?.resultType !== 'input_required') return outcome;
      const inputResponses: JsonObject = {};
      const inputRequests = isObject(result.inputRequests) ? result.inputRequests : {};
      for (const [key, request] of Object.entries(inputRequests)) {
        if (!isObject(request) || typeof request.method !== 'string') continue;
        inputResponses[key] = await this.host.answer({ method: request.method, params: isObject(request.params) ? request.params : undefined, key });
      }
      next = { ...params };
      if (Object.keys(inputResponses).length > 0) next.inputResponses = inputResponses;
      if (typeof result.requestState === 'string') next.requestState = result.requestState;
    }
    return outcome as RpcOutcome;
  }
}

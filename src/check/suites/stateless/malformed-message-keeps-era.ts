/**
 * A malformed message must not change how the server treats the next one. Over stdio a dual-era
 * server chooses the era from the opening message (DIGEST §2); once a connection is modern, a
 * message without `io.modelcontextprotocol/protocolVersion` is a malformed request (-32602), not a
 * reason to serve the rest of the connection as legacy: servers MUST NOT infer protocol version
 * from earlier requests on the connection (DIGEST §1 "Statelessness", §4).
 *
 * The probe opens its own connection (so no other check's verdict depends on the outcome), sends
 * a claim-less notification and a request missing the version key right after the opening
 * server/discover, then a valid list request, whose answer must still be a modern result (with
 * `resultType`), as the same request is on the undisturbed shared connection.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { declaredLists } from '../../probes/stateless/lists.js';

export default defineCheck({
  id: 'stateless.malformed-message-keeps-era',
  title: 'A malformed message does not switch the connection to the legacy era',
  suite: 'stateless',
  requirements: ['LIFE-11'],
  eras: ['modern'],
  transports: ['stdio'],
  spec: 'basic/index#statelessness',
  freshProcesses: 1,
  async run(ctx) {
    const method = declaredLists(ctx.client.serverCapabilities, ['tools/list', 'prompts/list', 'resources/list'])[0] ?? 'server/discover';
    // The control: the same request on the undisturbed shared connection.
    const control = await ctx.client.request(method, {});
    if (!isObject(control.result) || typeof control.result.resultType !== 'string') {
      return skip(`${method} got no modern result even on an undisturbed connection (other checks judge that answer)`);
    }
    // This connection is disturbed on purpose: what it answers afterwards is judged here alone.
    // The malformed messages come right after the opening server/discover, before anything else.
    const client = await ctx.openClient({ ownVerdict: true });
    await client.raw({ jsonrpc: '2.0', method: 'notifications/mcpvet-unknown' });
    await client
      .raw({ jsonrpc: '2.0', id: 'mcpvet-no-version', method, params: { _meta: { [META.clientCapabilities]: {} } } }, { timeoutMs: ctx.timeoutMs })
      .catch(() => undefined);
    const after = await client.request(method, {});
    const evidence = [ctx.evidence(after.frames, client)];
    if (isObject(after.result) && typeof after.result.resultType === 'string') {
      return pass(`after a notification and a request without a protocol version, ${method} was still answered as 2026-07-28`, evidence);
    }
    const got = after.error ? `error ${after.error.code} "${after.error.message}"` : 'a result without resultType (a legacy-era answer)';
    return violation(
      'era-lost',
      `after server/discover, a notification and a request without _meta["${META.protocolVersion}"], a valid ${method} on the same connection got ${got}, ` +
        'though the same request on another connection got a 2026-07-28 result: the server switched the connection to the legacy era because of earlier messages, which a stateless server must not do',
      evidence,
    );
  },
});

/** A modern request without `_meta["io.modelcontextprotocol/protocolVersion"]` gets -32602 (HTTP 400). */
import { defineCheck } from '../../define.js';
import { missingMetaKeyFinding, PROTOCOL_VERSION_KEY } from '../../probes/protocol/missing-meta.js';

export default defineCheck({
  id: 'protocol.missing-protocol-version-rejected',
  title: 'A request without the protocolVersion _meta key is rejected with -32602',
  suite: 'protocol',
  requirements: ['LIFE-04'],
  eras: ['modern'],
  spec: 'basic#request-meta',
  freshProcesses: 1,
  run: (ctx) => missingMetaKeyFinding(ctx, PROTOCOL_VERSION_KEY),
});

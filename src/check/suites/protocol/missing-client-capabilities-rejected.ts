/** A modern request without `_meta["io.modelcontextprotocol/clientCapabilities"]` gets -32602 (HTTP 400). */
import { defineCheck } from '../../define.js';
import { CLIENT_CAPABILITIES_KEY, missingMetaKeyFinding } from '../../probes/protocol/missing-meta.js';

export default defineCheck({
  id: 'protocol.missing-client-capabilities-rejected',
  title: 'A request without the clientCapabilities _meta key is rejected with -32602',
  suite: 'protocol',
  requirements: ['LIFE-04'],
  eras: ['modern'],
  spec: 'basic#request-meta',
  freshProcesses: 1,
  run: (ctx) => missingMetaKeyFinding(ctx, CLIENT_CAPABILITIES_KEY),
});

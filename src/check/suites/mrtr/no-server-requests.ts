/**
 * A modern server never sends JSON-RPC requests (DIGEST §0.1, §3): input comes through
 * InputRequiredResult instead. Judged over every trace of the run, after an MRTR probe of its own
 * (the moment a server is most tempted to send elicitation/create as a request).
 */
import { isRequest } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { findInputRequired } from '../../probes/mrtr/input-required.js';
import { serverMessages } from '../../probes/mrtr/trace-scan.js';

export default defineCheck({
  id: 'mrtr.no-server-requests',
  title: 'The server never sends JSON-RPC requests',
  suite: 'mrtr',
  requirements: ['MRTR-10', 'HTTP-04', 'STDIO-03'],
  eras: ['modern'],
  spec: 'basic/patterns#no-server-requests',
  final: true,
  async run(ctx) {
    await findInputRequired(ctx).catch(() => undefined);
    let examined = 0;
    const requests = [];
    for (const trace of ctx.traces()) {
      for (const entry of serverMessages(trace)) {
        examined++;
        if (isRequest(entry.message)) requests.push(entry);
      }
    }
    if (requests.length === 0) return pass(`none of the ${examined} messages the server sent is a JSON-RPC request`);
    const methods = [...new Set(requests.map((entry) => String(entry.message.method)))];
    return violation(
      'server-request-sent',
      `the server sent ${requests.length} JSON-RPC request(s) (${methods.join(', ')}); in the 2026-07-28 revision servers ask for input only through InputRequiredResult and never send requests`,
      [{ frames: requests.slice(0, 5).map((entry) => entry.frame) }],
    );
  },
});

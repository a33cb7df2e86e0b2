/**
 * A recognised Mcp-Param-* header with invalid characters is rejected (DIGEST §3, MUST; with 400
 * and -32020, as every header validation failure). The probe puts a non-ASCII character in a string
 * argument and sends the header raw, as one byte (é is 0xE9), where a correct client would use the
 * base64 form: header and body agree once read as Latin-1, so only the characters are wrong.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, notJudged, pass, skip, violation } from '../../define.js';
import { headerArgs, headerKey, setArg, typeOf } from '../../probes/http/header-tool.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.param-header-invalid-characters',
  title: 'An Mcp-Param-* header with invalid characters gets 400 with -32020',
  suite: 'http',
  requirements: ['HTTP-18'],
  eras: ['modern'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'basic/transports/streamable-http#server-behavior-for-custom-headers',
  async run(ctx) {
    const found = await headerArgs(ctx);
    if (!Array.isArray(found)) return notJudged(found);
    // Free-text strings only: an enum or a pattern would refuse the value for another reason.
    const arg = found.find(
      (candidate) => typeOf(candidate.schema) === 'string' && !candidate.schema.enum && !candidate.schema.pattern && !candidate.schema.format,
    );
    if (!arg) return skip('no callable tool has a free-text string x-mcp-header argument to carry invalid characters');
    const value = 'mcpvet-caf\u00e9';
    const result = await sendProbe(ctx, {
      method: 'tools/call',
      params: { name: arg.tool, arguments: setArg(arg.args, arg.path, value) },
      inputSchema: arg.inputSchema,
      headers: { [headerKey(arg.headerName)]: value },
    });
    if (result.failure)
      return unanswered(
        ctx,
        `tools/call ${arg.tool} with a raw non-ASCII Mcp-Param-${arg.headerName}`,
        result.failure,
        `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`,
      );
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass(`tools/call ${arg.tool} with a raw non-ASCII Mcp-Param-${arg.headerName} value was refused with 400 and -32020`);
    return violation(
      'invalid-characters-accepted',
      `tools/call ${arg.tool} with Mcp-Param-${arg.headerName} carrying the raw byte 0xE9 (not the base64 form) ${problem} (HeaderMismatch); a header value with invalid characters must be rejected`,
      probeEvidence(ctx, result),
    );
  },
});

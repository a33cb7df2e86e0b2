/**
 * Integer arguments are compared with their Mcp-Param-* header numerically (DIGEST §3, SHOULD):
 * the spec's own example is `42.0` equal to `42`, so the probe sends `N.0` for argument N. (Other
 * spellings, like leading zeros, are not in the spec's words and are not judged.)
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, notJudged, pass, skip, violation } from '../../define.js';
import { headerArgs, headerKey, setArg, typeOf, valueAt } from '../../probes/http/header-tool.js';
import { describeAnswer, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';
import { sampleValue } from '../../probes/mrtr/sample-values.js';

export default defineCheck({
  id: 'http.param-header-integer-numeric',
  title: 'Integer Mcp-Param-* headers are compared numerically (42.0 equals 42)',
  suite: 'http',
  requirements: ['HTTP-20'],
  eras: ['modern'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'basic/transports/streamable-http#server-validation',
  async run(ctx) {
    const found = await headerArgs(ctx);
    if (!Array.isArray(found)) return notJudged(found);
    const arg = found.find((candidate) => typeOf(candidate.schema) === 'integer');
    if (!arg) return skip('no callable tool has an integer x-mcp-header argument');
    const current = valueAt(arg.args, arg.path);
    const value = Number.isInteger(current) ? (current as number) : (sampleValue(arg.schema) as number);
    const header = `${value}.0`;
    const result = await sendProbe(ctx, {
      method: 'tools/call',
      params: { name: arg.tool, arguments: setArg(arg.args, arg.path, value) },
      inputSchema: arg.inputSchema,
      headers: { [headerKey(arg.headerName)]: header },
    });
    if (result.failure)
      return unanswered(
        ctx,
        `tools/call ${arg.tool} with Mcp-Param-${arg.headerName}: ${header}`,
        result.failure,
        `integer values should be compared numerically, so ${header} equals ${value}`,
      );
    if (result.outcome?.error?.code !== ErrorCode.HeaderMismatch) {
      return pass(`tools/call ${arg.tool} with argument ${value} and Mcp-Param-${arg.headerName}: ${header} was not refused (${describeAnswer(result)})`);
    }
    return violation(
      'compared-as-string',
      `tools/call ${arg.tool} with argument ${arg.path.join('.')} = ${value} and Mcp-Param-${arg.headerName}: ${header} got ${describeAnswer(result)}; integer values should be compared numerically, so ${header} equals ${value}`,
      probeEvidence(ctx, result),
    );
  },
});

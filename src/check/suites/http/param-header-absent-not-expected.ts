/**
 * When an x-mcp-header argument is null or absent, the client omits its Mcp-Param-* header and the
 * server must not expect it (DIGEST §3, MUST NOT). A call without the argument may still fail for
 * other reasons (a required argument, a tool error): only a HeaderMismatch refusal breaks the rule.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, notJudged, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { headerArgs, setArg } from '../../probes/http/header-tool.js';
import { describeAnswer, probeEvidence, sendProbe } from '../../probes/http/probe.js';

export default defineCheck({
  id: 'http.param-header-absent-not-expected',
  title: 'No Mcp-Param-* header is expected for a null or absent argument',
  suite: 'http',
  requirements: ['HTTP-17'],
  eras: ['modern'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'basic/transports/streamable-http#server-behavior-for-custom-headers',
  async run(ctx) {
    const found = await headerArgs(ctx);
    if (!Array.isArray(found)) return notJudged(found);
    // An optional argument makes the cleanest probe: the call is valid without it.
    const arg = found.find((candidate) => !candidate.required) ?? found[0]!;
    const problems: string[] = [];
    const evidence: Evidence[] = [];
    for (const [label, value] of [
      ['absent', undefined],
      ['null', null],
    ] as const) {
      const args = setArg(arg.args, arg.path, value);
      const result = await sendProbe(ctx, { method: 'tools/call', params: { name: arg.tool, arguments: args }, inputSchema: arg.inputSchema });
      if (result.outcome?.error?.code === ErrorCode.HeaderMismatch) {
        problems.push(
          `with argument ${arg.path.join('.')} ${label} and no Mcp-Param-${arg.headerName} header, tools/call ${arg.tool} got ${describeAnswer(result)}`,
        );
        evidence.push(...probeEvidence(ctx, result));
      }
    }
    if (problems.length === 0)
      return pass(
        `tools/call ${arg.tool} with ${arg.path.join('.')} absent, then null, and no Mcp-Param-${arg.headerName} header was not refused for the header`,
      );
    return violation('header-expected', `${problems.join('; ')}; the server must not expect the header when the argument is null or absent`, evidence);
  },
});

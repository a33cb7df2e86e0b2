/**
 * Reading a URI that does not exist MUST give -32602 in 2026-07-28, never the retired -32002.
 * Legacy servers used -32002 (clients SHOULD still accept it), so the legacy era accepts both.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { probeUnknownUri, servedContents } from '../../probes/resources/unknown-uri.js';

export default defineCheck({
  id: 'resources.unknown-uri-error',
  title: 'resources/read of an unknown URI answers -32602 (not the retired -32002)',
  suite: 'resources',
  requirements: ['RES-05', 'RES-07', 'BASE-16'],
  requires: ['resources'],
  spec: 'server/resources#error-handling',
  async run(ctx) {
    const { uri, outcome } = await probeUnknownUri(ctx.client);
    const evidence = [ctx.evidence(outcome.frames)];
    const served = servedContents(outcome);
    if (served)
      return skip(
        `the server returned ${served} content item(s) for ${uri}, a URI it does not list: it treats the URI as existing, so "not found" cannot be judged`,
      );
    const code = outcome.error?.code;
    if (ctx.era === 'modern') {
      if (code === ErrorCode.InvalidParams) return pass(`reading ${uri} answered -32602`);
      if (code === ErrorCode.LegacyResourceNotFound)
        return violation(
          'retired-32002',
          `reading ${uri} answered -32002, the resource-not-found code that 2026-07-28 retired; a modern server must answer -32602 (Invalid params)`,
          evidence,
        );
      return violation(
        'not-invalid-params',
        `reading ${uri}, which the server does not list, answered ${describeAnswer(outcome)}; a missing resource must give -32602 (Invalid params)`,
        evidence,
      );
    }
    if (code === ErrorCode.InvalidParams || code === ErrorCode.LegacyResourceNotFound) return pass(`reading ${uri} answered ${code}`);
    return violation(
      'not-32002',
      `reading ${uri}, which the server does not list, answered ${describeAnswer(outcome)}; a missing resource gives -32002 (legacy resource not found) or -32602`,
      evidence,
    );
  },
});

/** A server MUST NOT answer a read of a resource that does not exist with an empty `contents`. */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { probeUnknownUri, servedContents } from '../../probes/resources/unknown-uri.js';

export default defineCheck({
  id: 'resources.unknown-uri-not-empty',
  title: 'resources/read of an unknown URI is not an empty contents array',
  suite: 'resources',
  requirements: ['RES-06'],
  eras: ['modern'],
  requires: ['resources'],
  spec: 'server/resources#error-handling',
  async run(ctx) {
    const { uri, outcome } = await probeUnknownUri(ctx.client);
    const served = servedContents(outcome);
    if (served) return skip(`the server returned ${served} content item(s) for ${uri}: it treats the URI as existing`);
    const contents = isObject(outcome.result) ? outcome.result.contents : undefined;
    if (Array.isArray(contents)) {
      return violation(
        'empty-contents',
        `reading ${uri}, which the server does not list, returned an empty contents array; a missing resource must be an error, not an empty result`,
        [ctx.evidence(outcome.frames)],
      );
    }
    return pass(`reading ${uri} answered ${describeAnswer(outcome)}, not an empty contents array`);
  },
});

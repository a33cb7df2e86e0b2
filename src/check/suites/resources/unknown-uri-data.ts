/**
 * The not-found error SHOULD name the URI in `data` (the spec's example is `data: {uri}`), so a
 * client can tell which of several reads failed. Any `data` that contains the URI is accepted.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { probeUnknownUri } from '../../probes/resources/unknown-uri.js';

export default defineCheck({
  id: 'resources.unknown-uri-data',
  title: 'The resource-not-found error names the URI in data',
  suite: 'resources',
  requirements: ['EX-01'],
  requires: ['resources'],
  spec: 'server/resources#error-handling',
  async run(ctx) {
    const { uri, outcome } = await probeUnknownUri(ctx.client);
    const error = outcome.error;
    if (!error || (error.code !== ErrorCode.InvalidParams && error.code !== ErrorCode.LegacyResourceNotFound)) {
      return skip(`reading ${uri} did not answer a not-found error (see resources.unknown-uri-error)`);
    }
    const named = isObject(error.data) && error.data.uri === uri ? true : error.data !== undefined && JSON.stringify(error.data).includes(uri);
    if (named) return pass(`the ${error.code} error for ${uri} names the URI in data`);
    const data = error.data === undefined ? 'no data' : `data ${JSON.stringify(error.data)}`;
    return violation('uri-not-named', `the ${error.code} error for ${uri} has ${data}; it should name the URI, e.g. data: {"uri": "${uri}"}`, [
      ctx.evidence(outcome.frames),
    ]);
  },
});

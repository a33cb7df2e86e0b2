/**
 * -32021 MissingRequiredClientCapability carries `data.requiredCapabilities`, a
 * ClientCapabilities object naming what was missing (DIGEST §0.2, §1).
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, notJudged } from '../../define.js';
import { describeOutcome, findInputRequired, requestWith } from '../../probes/mrtr/input-required.js';

export default defineCheck({
  id: 'mrtr.missing-capability-data',
  title: '-32021 names the missing capabilities in data.requiredCapabilities',
  suite: 'mrtr',
  requirements: ['LIFE-10'],
  eras: ['modern'],
  spec: 'basic/index#error-codes',
  freshProcesses: 1,
  async run(ctx) {
    const found = await findInputRequired(ctx, { accept: (candidate) => candidate.capabilities.length > 0 });
    if ('skip' in found) return notJudged(found);
    const fresh = await ctx.openClient();
    const outcome = await requestWith(fresh, found.candidate, {});
    if (outcome.error?.code !== ErrorCode.MissingRequiredClientCapability) {
      return skip(
        `${found.candidate.label} declaring no capabilities answered ${describeOutcome(outcome)}, not -32021 (mrtr.undeclared-input-kinds judges that)`,
      );
    }
    const data = outcome.error.data;
    const required = isObject(data) ? data.requiredCapabilities : undefined;
    const evidence = [ctx.evidence(outcome.frames, fresh)];
    if (!isObject(required)) {
      return violation(
        'no-required-capabilities',
        `${found.candidate.label} answered -32021 without data.requiredCapabilities (got data ${JSON.stringify(data) ?? 'absent'}); the client cannot tell what to declare`,
        evidence,
      );
    }
    const named = Object.keys(required);
    if (!named.some((capability) => found.capabilities.includes(capability))) {
      return violation(
        'wrong-required-capabilities',
        `${found.candidate.label} asks for ${found.capabilities.join(', ')}, but its -32021 names ${named.length ? named.join(', ') : 'no capability'} in data.requiredCapabilities`,
        evidence,
      );
    }
    return pass(`-32021 with data.requiredCapabilities ${JSON.stringify(required)}`);
  },
});

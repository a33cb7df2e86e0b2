/** Reading a listed resource returns `contents`, each with a uri and either text or a base64 blob. */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { describeAnswer, summarize } from '../../probes/tools/answer.js';
import { issueText, partIssues } from '../../probes/tools/entity-shape.js';
import { MAX_READS, readListed } from '../../probes/resources/read-listed.js';

export default defineCheck({
  id: 'resources.read-listed',
  title: 'resources/read of a listed resource returns contents with uri and text or blob',
  suite: 'resources',
  requirements: ['RES-03'],
  requires: ['resources'],
  spec: 'server/resources#reading-resources',
  async run(ctx) {
    const run = await readListed(ctx.client);
    if (!run.reads) return skip(run.none);
    const problems: string[] = [];
    const bad = run.reads.filter(({ uri, outcome }) => {
      const found = contentsProblems(ctx.era, outcome.result, describeAnswer(outcome));
      for (const item of found.map((problem) => `${uri}: ${problem}`)) problems.push(item);
      return found.length > 0;
    });
    if (bad.length > 0)
      return violation(
        'invalid-contents',
        `reading a listed resource did not return valid contents: ${summarize(problems)}`,
        bad.map(({ outcome }) => ctx.evidence(outcome.frames)),
      );
    return pass(
      `read ${run.reads.length} listed resource(s)${run.reads.length === MAX_READS ? ' (the first ones)' : ''}: each returned contents with a uri and text or blob`,
    );
  },
});

function contentsProblems(era: 'modern' | 'legacy', result: unknown, answered: string): string[] {
  if (!isObject(result)) return [`answered ${answered}, not contents`];
  if (!Array.isArray(result.contents)) return ['the result has no "contents" array'];
  return result.contents.flatMap((item, index) => {
    const where = `contents[${index}]`;
    if (!isObject(item)) return [`${where} is not an object`];
    if (typeof item.text !== 'string' && typeof item.blob !== 'string') return [`${where} has neither "text" nor "blob"`];
    const part = typeof item.text === 'string' ? 'TextResourceContents' : 'BlobResourceContents';
    return partIssues(era, part, item, where).map(issueText);
  });
}

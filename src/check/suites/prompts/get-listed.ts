/**
 * prompts/get of listed prompts returns `messages`, each a role and one content block. Required
 * arguments are filled from completions or with a plain string; a prompt that refuses such guesses
 * is not held against the server (it may need a real value), but one that needs no argument is.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import type { Evidence } from '../../types.js';
import { describeAnswer, summarize } from '../../probes/tools/answer.js';
import { issueText, partIssues } from '../../probes/tools/entity-shape.js';
import { sharedListing } from '../../probes/tools/list-pages.js';
import { buildPromptArguments } from '../../probes/prompts/prompt-arguments.js';

const MAX_PROMPTS = 5;

export default defineCheck({
  id: 'prompts.get-listed',
  title: 'prompts/get of a listed prompt returns messages (role + content block)',
  suite: 'prompts',
  requirements: ['PR-02'],
  requires: ['prompts'],
  spec: 'server/prompts#getting-a-prompt',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'prompts/list');
    const prompts = listing.items
      .filter((prompt): prompt is Record<string, unknown> => isObject(prompt) && typeof prompt.name === 'string')
      .slice(0, MAX_PROMPTS);
    if (prompts.length === 0) return skip(listing.problem ? `prompts/list could not be read: ${listing.problem.message}` : 'prompts/list lists no prompt');
    const problems: string[] = [];
    const unrendered: string[] = [];
    const evidence: Evidence[] = [];
    const rendered: string[] = [];
    for (const prompt of prompts) {
      const name = prompt.name as string;
      const built = await buildPromptArguments(ctx.client, prompt);
      const outcome = await ctx.client.getPrompt(name, built.args);
      if (!isObject(outcome.result)) {
        const why = `"${name}" answered ${describeAnswer(outcome)}`;
        // With guessed arguments an error is no proof of a fault: the value may just not exist.
        if (built.sources.length > 0) unrendered.push(`${why} to ${built.sources.join(', ')}`);
        else {
          problems.push(`${why} although it declares no required argument`);
          evidence.push(ctx.evidence(outcome.frames));
        }
        continue;
      }
      const found = messagesProblems(ctx.era, outcome.result);
      if (found.length > 0) {
        for (const item of found.map((problem) => `"${name}": ${problem}`)) problems.push(item);
        evidence.push(ctx.evidence(outcome.frames));
      } else rendered.push(`"${name}"`);
    }
    if (problems.length > 0) return violation('invalid-messages', `prompts/get did not return valid messages: ${summarize(problems)}`, evidence);
    if (rendered.length === 0)
      return incomplete('no-arguments-known', `no prompt could be rendered without knowing real argument values: ${summarize(unrendered)}`);
    const note = unrendered.length > 0 ? `; not rendered with guessed arguments: ${summarize(unrendered, 3)}` : '';
    return pass(`${rendered.join(', ')} rendered to valid messages${note}`);
  },
});

function messagesProblems(era: 'modern' | 'legacy', result: Record<string, unknown>): string[] {
  if (!Array.isArray(result.messages)) return ['the result has no "messages" array'];
  const problems = result.messages.flatMap((message, index) => partIssues(era, 'PromptMessage', message, `messages[${index}]`).map(issueText));
  if (result.description !== undefined && typeof result.description !== 'string') problems.push('description is not a string');
  return problems;
}

/** `call NAME key=value… | call NAME {json}`: arguments coerced by the tool's inputSchema, as `mcpvet call` does. */
import { CliError } from '../../cli/cli-error.js';
import { parseToolArgs } from '../../cli/tool-args.js';
import type { JsonObject } from '../../client/types.js';
import { noteNotifications, ShellUsage, type ShellCommand, type ShellContext } from './types.js';

export const callCommand: ShellCommand = {
  name: 'call',
  usage: 'call NAME key=value… (or call NAME {"key": …})',
  summary: 'call a tool; values follow its inputSchema (string, number, boolean, JSON)',
  async run(args, ctx) {
    const [name, ...rest] = args;
    if (!name) throw new ShellUsage(this.usage);
    const tool = await findTool(name, ctx);
    const json = rest.filter((word) => word.startsWith('{'));
    if (json.length > 1) throw new ShellUsage('give the arguments as key=value words or as one JSON object');
    let toolArgs: JsonObject;
    try {
      toolArgs = parseToolArgs(
        rest.filter((word) => !word.startsWith('{')),
        json[0],
        tool?.inputSchema,
      );
    } catch (error) {
      // The coercion is `mcpvet call`'s; its messages name its flags.
      if (error instanceof CliError)
        throw new ShellUsage(error.message.replace(/^--tool-args-json/, 'the JSON arguments').replace(/^--tool-arg /, 'argument '));
      throw error;
    }
    const client = ctx.connection.client;
    ctx.beginRequest();
    const outcome = await client.callTool(name, toolArgs);
    noteNotifications(outcome, ctx);
    if (outcome.error) {
      const unknown = tool === undefined ? ` (the server lists no tool "${name}")` : '';
      throw new Error(`tools/call failed: ${outcome.error.message} (${outcome.error.code})${unknown}`);
    }
    if (!outcome.result) throw new Error(`tools/call: the server sent no result${outcome.http ? ` (HTTP ${outcome.http.status})` : ''}`);
    ctx.out.json(outcome.result);
    if (outcome.result.isError === true) ctx.out.note('the tool reported an error (isError: true)');
    if (outcome.result.resultType === 'input_required') ctx.out.note('the server still requires input after the rounds mcpvet allows');
  },
};

/** The tool's definition from the listing (listed again once if the name is new: tools change). */
async function findTool(name: string, ctx: ShellContext): Promise<JsonObject | undefined> {
  const find = (tools: JsonObject[]) => tools.find((tool) => tool.name === name);
  const cached = await ctx.connection.list('tools/list').catch(() => undefined);
  if (cached === undefined || find(cached)) return cached && find(cached);
  return find(await ctx.connection.list('tools/list', true).catch(() => []));
}

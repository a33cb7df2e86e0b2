/** `tools`, `prompts`, `resources`: what the server lists, one line each; with a name, its definition. */
import type { JsonObject } from '../../client/types.js';
import type { ListMethod } from '../../protocol/lists.js';
import { serverText } from '../server-text.js';
import { ShellUsage, type ShellCommand, type ShellContext } from './types.js';

function listCommand(name: string, method: ListMethod, key: 'name' | 'uri', noun: string): ShellCommand {
  return {
    name,
    usage: `${name} [${key.toUpperCase()}]`,
    summary: `list the server's ${noun}s (listed again each time); with a ${key}, its definition`,
    async run(args, ctx) {
      if (args.length > 1) throw new ShellUsage(this.usage);
      const items = await ctx.connection.list(method, true);
      if (args.length === 1) {
        const item = items.find((candidate) => candidate[key] === args[0]);
        if (!item) throw new Error(`the server lists no ${noun} "${args[0]}"`);
        ctx.out.json(item);
        return;
      }
      const rows = items.map((item) => row(item, key));
      if (method === 'resources/list') rows.push(...(await templates(ctx)).map((item) => row(item, 'uriTemplate')));
      printTable(rows, ctx);
      if (items.length === 0) ctx.out.note(`the server lists no ${noun}s`);
    },
  };
}

/** Templates are listed with resources when the server has any. */
async function templates(ctx: ShellContext): Promise<JsonObject[]> {
  return ctx.connection.list('resources/templates/list', true).catch(() => []);
}

/** A name (or URI) and the first line of what it is about. */
function row(item: JsonObject, key: string): [string, string] {
  const about = typeof item.description === 'string' ? item.description : typeof item.title === 'string' ? item.title : '';
  return [serverText(item[key], 120), serverText(about.split('\n')[0] ?? '', 100)];
}

function printTable(rows: [string, string][], ctx: ShellContext): void {
  const width = Math.min(40, Math.max(0, ...rows.map(([name]) => name.length)));
  for (const [name, about] of rows) ctx.out.text(`${name.padEnd(width)}  ${about}`.trimEnd());
}

export const toolsCommand = listCommand('tools', 'tools/list', 'name', 'tool');
export const promptsCommand = listCommand('prompts', 'prompts/list', 'name', 'prompt');
export const resourcesCommand = listCommand('resources', 'resources/list', 'uri', 'resource');

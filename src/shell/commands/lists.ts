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
      printTable(items, key, ctx);
      if (method === 'resources/list') printTable(await templates(ctx), 'uriTemplate', ctx);
      if (items.length === 0) ctx.out.note(`the server lists no ${noun}s`);
    },
  };
}

/** Templates are listed with resources when the server has any. */
async function templates(ctx: ShellContext): Promise<JsonObject[]> {
  return ctx.connection.list('resources/templates/list', true).catch(() => []);
}

function printTable(items: JsonObject[], key: string, ctx: ShellContext): void {
  const names = items.map((item) => serverText(item[key], 120));
  const width = Math.min(40, Math.max(0, ...names.map((name) => name.length)));
  items.forEach((item, index) => {
    const about = typeof item.description === 'string' ? item.description : typeof item.title === 'string' ? item.title : '';
    const firstLine = about.split('\n')[0] ?? '';
    ctx.out.text(`${(names[index] as string).padEnd(width)}  ${serverText(firstLine, 100)}`.trimEnd());
  });
}

export const toolsCommand = listCommand('tools', 'tools/list', 'name', 'tool');
export const promptsCommand = listCommand('prompts', 'prompts/list', 'name', 'prompt');
export const resourcesCommand = listCommand('resources', 'resources/list', 'uri', 'resource');

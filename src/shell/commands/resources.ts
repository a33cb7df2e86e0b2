/** `read URI`, `prompt NAME key=value…` and `complete REF ARGUMENT [VALUE]`. */
import { keyValues, printOutcome, ShellUsage, type ShellCommand } from './types.js';

export const readCommand: ShellCommand = {
  name: 'read',
  usage: 'read URI',
  summary: 'read a resource',
  async run(args, ctx) {
    if (args.length !== 1) throw new ShellUsage(this.usage);
    printOutcome(await ctx.connection.client.readResource(args[0] as string), 'resources/read', ctx);
  },
};

export const promptCommand: ShellCommand = {
  name: 'prompt',
  usage: 'prompt NAME key=value…',
  summary: 'get a prompt with its arguments',
  async run(args, ctx) {
    const [name, ...rest] = args;
    if (!name) throw new ShellUsage(this.usage);
    printOutcome(await ctx.connection.client.getPrompt(name, keyValues(rest)), 'prompts/get', ctx);
  },
};

export const completeCommand: ShellCommand = {
  name: 'complete',
  usage: 'complete prompt:NAME|resource:URI ARGUMENT [VALUE] [other=value…]',
  summary: 'ask the server to complete an argument value (completion/complete)',
  async run(args, ctx) {
    const [ref, argument, ...rest] = args;
    if (!ref || !argument) throw new ShellUsage(this.usage);
    const colon = ref.indexOf(':');
    const kind = ref.slice(0, colon);
    if (colon <= 0 || (kind !== 'prompt' && kind !== 'resource')) throw new ShellUsage(`the reference is prompt:NAME or resource:URI, not "${ref}"`);
    // `complete prompt:p id=n` reads as the argument and its partial value too.
    const [name, value] = argument.includes('=')
      ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)]
      : [argument, undefined];
    const partial = value ?? (rest[0] !== undefined && !rest[0].includes('=') ? (rest.shift() as string) : '');
    const others = keyValues(rest);
    const params: Record<string, unknown> = {
      ref: kind === 'prompt' ? { type: 'ref/prompt', name: ref.slice(colon + 1) } : { type: 'ref/resource', uri: ref.slice(colon + 1) },
      argument: { name, value: partial },
    };
    if (Object.keys(others).length > 0) params.context = { arguments: others };
    printOutcome(await ctx.connection.client.complete(params), 'completion/complete', ctx);
  },
};

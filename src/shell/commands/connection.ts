/** `discover`, `era` and `reconnect`: the connection itself. */
import { printOutcome, ShellUsage, type ShellCommand } from './types.js';

export const discoverCommand: ShellCommand = {
  name: 'discover',
  usage: 'discover',
  summary: 'what the server says about itself (server/discover; in the legacy era, the initialize result)',
  async run(args, ctx) {
    if (args.length > 0) throw new ShellUsage(this.usage);
    const client = ctx.connection.client;
    if (client.era === 'modern') {
      printOutcome(await client.request('server/discover', {}), 'server/discover', ctx);
      return;
    }
    ctx.out.note('legacy era: no server/discover; this is the initialize result of this session');
    ctx.out.json(client.handshake ?? {});
  },
};

export const eraCommand: ShellCommand = {
  name: 'era',
  usage: 'era',
  summary: 'the protocol era and version in use, and how they were decided',
  run(args, ctx) {
    if (args.length > 0) throw new ShellUsage(this.usage);
    const client = ctx.connection.lastClient;
    if (!client) throw new Error('not connected: type reconnect');
    ctx.out.text(`${client.era} era, protocol version ${client.protocolVersion || 'none agreed'}`);
    ctx.out.text(`how: ${client.eraReason}`);
  },
};

export const reconnectCommand: ShellCommand = {
  name: 'reconnect',
  usage: 'reconnect',
  summary: 'close the connection (and a stdio server) and connect again',
  async run(args, ctx) {
    if (args.length > 0) throw new ShellUsage(this.usage);
    await ctx.connection.reconnect();
    ctx.out.note(ctx.describe());
  },
};

// The server of the SDK v2 interop tests, shared by the stdio and the HTTP entries.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function createServer() {
  const server = new McpServer({ name: 'sdk-v2-notes', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
  server.registerTool(
    'echo',
    { description: 'Echoes a message back.', inputSchema: z.object({ message: z.string().describe('What to echo') }), annotations: { readOnlyHint: true } },
    async ({ message }) => ({ content: [{ type: 'text', text: message }] }),
  );
  server.registerPrompt('greet', { description: 'A greeting.', argsSchema: { name: z.string().describe('Who to greet') } }, ({ name }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Say hello to ${name}.` } }],
  }));
  return server;
}

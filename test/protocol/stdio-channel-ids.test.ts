import { describe, expect, it } from 'vitest';
import { StdioChannel } from '../../src/protocol/stdio-channel.js';

/** Answers each request after `delays[id]` ms (echoing its id). */
function delayedServer(delays: Record<number, number>): string {
  return `const delays = ${JSON.stringify(delays)};
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const { id } = JSON.parse(line);
  setTimeout(() => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: {} }) + '\\n'), delays[id] ?? 0);
});`;
}

describe('stdio channel: answers matched by id', () => {
  it('a late answer to a request that timed out does not fail the one in flight', async () => {
    const channel = new StdioChannel({ transport: 'stdio', command: process.execPath, args: ['-e', delayedServer({ 1: 600, 2: 1200 })] });
    try {
      await expect(channel.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { timeoutMs: 200 })).rejects.toMatchObject({ kind: 'timeout' });
      // Request 2 is alone in flight when the late answer to 1 arrives.
      const reply = await channel.send({ jsonrpc: '2.0', id: 2, method: 'ping' }, { timeoutMs: 5000 });
      expect(reply.response?.id).toBe(2);
      expect(
        channel.trace.frames.some((frame) => frame.kind === 'message' && (frame.message as { id?: number }).id === 1 && frame.direction === 'receive'),
      ).toBe(true);
    } finally {
      await channel.close();
    }
  });

  it('a second answer to a request already answered fails no request in flight', async () => {
    const script = `require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const { id } = JSON.parse(line);
  if (id === 1) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: {} }) + '\\n');
  if (id === 2) ['1', '2'].forEach((n) => setTimeout(() => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: Number(n), result: {} }) + '\\n'), 200 * Number(n)));
});`;
    const channel = new StdioChannel({ transport: 'stdio', command: process.execPath, args: ['-e', script] });
    try {
      expect((await channel.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { timeoutMs: 5000 })).response?.id).toBe(1);
      // Request 2 is alone in flight when answer 1 comes again: it is a repeat, not 2's answer.
      expect((await channel.send({ jsonrpc: '2.0', id: 2, method: 'ping' }, { timeoutMs: 5000 })).response?.id).toBe(2);
      expect(channel.trace.frames.some((frame) => frame.detail?.reason === 'repeated-answer')).toBe(true);
      expect(channel.trace.frames.some((frame) => frame.detail?.reason === 'mismatched-id')).toBe(false);
    } finally {
      await channel.close();
    }
  });

  it('with several requests in flight an answer with an unknown id fails none of them', async () => {
    const script = `require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const { id } = JSON.parse(line);
  if (id === 1) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: 99, result: {} }) + '\\n');
  if (id === 2) setTimeout(() => ['1', '2'].forEach((n) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: Number(n), result: {} }) + '\\n')), 300);
});`;
    const channel = new StdioChannel({ transport: 'stdio', command: process.execPath, args: ['-e', script] });
    try {
      const replies = await Promise.all([1, 2].map((id) => channel.send({ jsonrpc: '2.0', id, method: 'ping' }, { timeoutMs: 5000 })));
      expect(replies.map((reply) => reply.response?.id)).toEqual([1, 2]);
      expect(channel.trace.frames.find((frame) => frame.detail?.reason === 'mismatched-id')?.raw).toBe('an answer with id 99 matches no request in flight');
    } finally {
      await channel.close();
    }
  });
});

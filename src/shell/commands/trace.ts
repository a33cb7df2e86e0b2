/** `trace`: the frames of the last request, each message as pretty JSON, secrets masked. */
import { redactFrame } from '../../report/redact.js';
import { oneLine } from '../../wire/control-chars.js';
import type { Frame } from '../../wire/trace.js';
import { isObject } from '../../protocol/jsonrpc.js';
import { ShellUsage, type ShellCommand } from './types.js';

const ARROW: Record<Frame['direction'], string> = { send: '→', receive: '←', local: '•' };

export const traceCommand: ShellCommand = {
  name: 'trace',
  usage: 'trace',
  summary: 'the frames of the last request, as they crossed the wire',
  run(args, ctx) {
    if (args.length > 0) throw new ShellUsage(this.usage);
    const last = ctx.lastExchange;
    if (!last) throw new Error('nothing was sent yet');
    const frames = last.trace.range(last.from, last.to);
    const start = frames[0]?.time ?? 0;
    for (const frame of frames.map((each) => redactFrame(each))) {
      ctx.out.text(`${ARROW[frame.direction]} ${headline(frame)}  +${(frame.time - start).toFixed(1)} ms`);
      if (frame.message !== undefined) ctx.out.json(frame.message);
    }
  },
};

function headline(frame: Frame): string {
  const http = frame.http
    ? `${frame.direction === 'send' ? `${frame.http.method} ${frame.http.url} ` : ''}${frame.http.status !== undefined ? `HTTP ${frame.http.status} ` : ''}`
    : '';
  const message = frame.message;
  if (isObject(message)) {
    const id = message.id !== undefined ? ` #${JSON.stringify(message.id)}` : '';
    if (typeof message.method === 'string') return `${http}${message.id !== undefined ? 'request' : 'notification'} ${oneLine(message.method)}${id}`;
    return `${http}${'error' in message ? 'error response' : 'response'}${id}`;
  }
  const raw = oneLine(frame.raw);
  return `${http}${frame.kind}${raw ? `: ${raw.length > 300 ? `${raw.slice(0, 300)}…` : raw}` : ''}`;
}

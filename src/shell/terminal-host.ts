/**
 * The input host of the shell: what a server asks for (MRTR input requests in the modern era,
 * server-to-client requests in the legacy era) is asked of the person at the terminal.
 * Elicitation forms field by field, URL elicitation, sampling (the person types the reply) and roots.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InputHost, JsonObject } from '../client/types.js';
import { isObject } from '../protocol/jsonrpc.js';
import { oneLine } from '../wire/control-chars.js';
import { readField, type Ask } from './form-field.js';
import { serverText } from './server-text.js';

export interface TerminalHostIo {
  /** The request timeout (--timeout): a legacy server asks inside the request, so the answer races it. */
  timeoutMs: number;
  /** Reads one answer line; undefined when the person cancelled (Ctrl-C) or input ended. */
  ask: Ask;
  /** Shows a line to the person (stderr). */
  say(line: string): void;
}

/** Wrong answers to the same question before it counts as cancelled (a script cannot loop). */
const MAX_TRIES = 5;

export function terminalHost(io: TerminalHostIo): InputHost {
  return {
    capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} },
    async answer(request) {
      const params = request.params ?? {};
      // MRTR questions carry a key and come between requests; a legacy server's come inside one.
      const person =
        request.key === undefined
          ? { ...io, say: onceAfterFirst(io, `  (the server waits inside its request: answer within the --timeout, ${io.timeoutMs / 1000} s)`) }
          : io;
      switch (request.method) {
        case 'elicitation/create':
          return params.mode === 'url' ? elicitUrl(person, params) : elicitForm(person, params);
        case 'sampling/createMessage':
          return sample(person, params);
        case 'roots/list':
          return roots(person);
        default:
          throw new Error(`mcpvet shell cannot answer ${oneLine(request.method)}`);
      }
    },
  };
}

/** A say that adds `line` after the first line it shows. */
function onceAfterFirst(io: TerminalHostIo, line: string): (text: string) => void {
  let said = false;
  return (text) => {
    io.say(text);
    if (!said) io.say(line);
    said = true;
  };
}

async function elicitForm(io: TerminalHostIo, params: JsonObject): Promise<JsonObject> {
  io.say(`the server asks: ${serverText(params.message)}`);
  const action = await chooseAction(io);
  if (action !== 'accept') return { action };
  const schema = isObject(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const content: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) {
    const field = await readField(io, name, isObject(property) ? property : {}, required.has(name), MAX_TRIES);
    if (field.cancelled) return { action: 'cancel' };
    if (field.value !== undefined) content[name] = field.value;
  }
  return { action: 'accept', content };
}

async function elicitUrl(io: TerminalHostIo, params: JsonObject): Promise<JsonObject> {
  io.say(`the server asks you to open ${serverText(params.url)}: ${serverText(params.message)}`);
  return { action: await chooseAction(io) };
}

async function chooseAction(io: TerminalHostIo): Promise<'accept' | 'decline' | 'cancel'> {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const answer = await io.ask('  accept, decline or cancel? [accept] ');
    if (answer === undefined) return 'cancel';
    const word = answer.trim().toLowerCase();
    if (word === '' || 'accept'.startsWith(word)) return 'accept';
    if ('decline'.startsWith(word)) return 'decline';
    if ('cancel'.startsWith(word)) return 'cancel';
    io.say('  type accept, decline or cancel (a, d, c)');
  }
  return 'cancel';
}

async function sample(io: TerminalHostIo, params: JsonObject): Promise<JsonObject> {
  io.say('the server asks for a model reply to:');
  for (const message of Array.isArray(params.messages) ? params.messages : []) {
    if (!isObject(message)) continue;
    const content = isObject(message.content) ? message.content : {};
    io.say(`  ${serverText(message.role)}: ${content.type === 'text' ? serverText(content.text) : `(${serverText(content.type)} content)`}`);
  }
  const reply = await io.ask('  your reply (empty declines): ');
  if (reply === undefined || reply.trim() === '') throw new Error('the sampling request was declined');
  return { role: 'assistant', content: { type: 'text', text: reply }, model: 'typed-by-hand', stopReason: 'endTurn' };
}

async function roots(io: TerminalHostIo): Promise<JsonObject> {
  const here = pathToFileURL(process.cwd()).href;
  io.say('the server asks for the roots it may use');
  const answer = await io.ask(`  roots, space-separated URIs or paths [${here}] `);
  if (answer === undefined) throw new Error('the roots request was cancelled');
  const given = answer.trim() === '' ? [here] : answer.trim().split(/\s+/);
  return { roots: given.map((root) => ({ uri: /^[a-z][a-z0-9+.-]*:/i.test(root) ? root : pathToFileURL(resolve(root)).href })) };
}

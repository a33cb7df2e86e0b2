/**
 * Commands that reproduce a failure, for a POSIX shell: `mcpvet call` with the minimal arguments
 * for a tool failure; for a malformed message, the message piped into the stdio server or POSTed
 * with curl. Secret values never appear: env values and headers given to the run are shown as
 * shell variables the user fills in, and the planted canary as a placeholder of the same name.
 */
import type { JsonObject } from '../protocol/jsonrpc.js';
import type { Target } from '../wire/target.js';
import { redactUrl } from '../wire/target.js';
import { envelopeText, type EnvelopeCase } from './envelope-cases.js';

export interface ReproduceOptions {
  /** The era the user forced (auto is left out). */
  era: string;
  timeoutMs: number;
  /** Env names mcpvet planted itself, shown with a placeholder value. */
  planted: readonly string[];
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One word for a POSIX shell: as is when safe, else in single quotes. */
export function shellQuote(word: string): string {
  return word !== '' && SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A shell variable name for an env or header name (`Authorization` → `$AUTHORIZATION`). */
function variable(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
}

export function callCommand(target: Target, tool: string, args: JsonObject, options: ReproduceOptions): string {
  const words = ['mcpvet', 'call', '--method', 'tools/call', '--tool-name', shellQuote(tool), '--tool-args-json', shellQuote(JSON.stringify(args))];
  if (options.era !== 'auto') words.push('--protocol-era', options.era);
  if (options.timeoutMs !== 10_000) words.push('--timeout', String(options.timeoutMs));
  return [...words, ...targetWords(target, options)].join(' ');
}

function targetWords(target: Target, options: ReproduceOptions): string[] {
  if (target.transport === 'http') {
    const words = ['--url', shellQuote(redactUrl(target.url))];
    for (const name of Object.keys(target.headers ?? {})) words.push('--header', `"${name}: $${variable(name)}"`);
    return words;
  }
  const words: string[] = [];
  for (const name of Object.keys(target.env ?? {})) {
    words.push('-e', options.planted.includes(name) ? shellQuote(`${name}=placeholder-${name.toLowerCase()}`) : `"${name}=$${variable(name)}"`);
  }
  if (target.cwd) words.push('--cwd', shellQuote(target.cwd));
  return [...words, '--', ...[target.command, ...target.args].map(shellQuote)];
}

/** A malformed message sent as the failing run sent it (huge and deep ones are made by node, not spelled out). */
export function envelopeCommand(target: Target, envelope: EnvelopeCase, params: JsonObject): string {
  const producer = producerOf(envelope, params);
  if (target.transport === 'http') {
    return `${producer} | curl -sS -i -X POST ${shellQuote(redactUrl(target.url))} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' --data-binary @-`;
  }
  const env = Object.keys(target.env ?? {}).map((name) => `"${name}=$${variable(name)}"`);
  const command = [target.command, ...target.args].map(shellQuote).join(' ');
  return `${producer} | ${env.length > 0 ? `env ${env.join(' ')} ` : ''}${command}`;
}

function producerOf(envelope: EnvelopeCase, params: JsonObject): string {
  if (envelope.kind !== 'huge' && envelope.kind !== 'deep') return `printf '%s\\n' ${shellQuote(envelopeText(envelope, '1', params))}`;
  // The same text envelopeText builds, split around the part that is repeated.
  const empty = envelopeText(envelope.kind === 'huge' ? { kind: 'huge', bytes: 0 } : { kind: 'deep', depth: 0 }, '1', params);
  const marker = envelope.kind === 'huge' ? '"padding":"' : '"nested":';
  const at = empty.indexOf(marker) + marker.length;
  const repeated =
    envelope.kind === 'huge' ? `"x".repeat(${Math.max(0, envelope.bytes - empty.length)})` : `"[".repeat(${envelope.depth}) + "]".repeat(${envelope.depth})`;
  const script = `process.stdout.write(${JSON.stringify(empty.slice(0, at))} + ${repeated} + ${JSON.stringify(empty.slice(at))} + "\\n")`;
  return `node -e ${shellQuote(script)}`;
}

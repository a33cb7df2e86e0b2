/** Prompts: summarize_note {id} and daily_digest. */
import { Code, RpcError, isObject, type Json } from './protocol.js';
import type { NoteStore } from './store.js';
import { noteMarkdown } from './resources.js';
import { extraPrompts, weeklyReview, type Extras } from './extras.js';

const PROMPTS: Json[] = [
  {
    name: 'summarize_note',
    title: 'Summarize a note',
    description: 'Asks the model for a one-paragraph summary of one note.',
    arguments: [{ name: 'id', description: 'Id of the note, e.g. n1', required: true }],
  },
  { name: 'daily_digest', title: 'Daily digest', description: 'Asks the model for a digest of all notes.' },
];

export function listPrompts(extras: Extras): Json {
  return { prompts: [...PROMPTS, ...extraPrompts(extras)], ttlMs: 300_000, cacheScope: 'public' };
}

const userText = (text: string): Json => ({ role: 'user', content: { type: 'text', text } });

export function getPrompt(store: NoteStore, params: Json, extras: Extras): Json {
  const args = params.arguments ?? {};
  if (!isObject(args) || Object.values(args).some((v) => typeof v !== 'string')) {
    throw new RpcError(Code.InvalidParams, 'Prompt arguments must be an object of strings');
  }
  switch (params.name) {
    case 'summarize_note': {
      if (typeof args.id !== 'string') throw new RpcError(Code.InvalidParams, 'Missing required argument: id', { missing: ['id'] });
      const note = store.get(args.id);
      if (!note) throw new RpcError(Code.InvalidParams, `Unknown note: ${args.id}`, { id: args.id });
      return { description: `Summary of note ${note.id}`, messages: [userText(`Summarize this note in one paragraph.\n\n${noteMarkdown(note)}`)] };
    }
    case 'daily_digest': {
      const lines = store.list().map((n) => `- ${n.title} (${n.id}): ${n.body}`);
      return { description: 'Digest of all notes', messages: [userText(`Write a short daily digest of these notes.\n\n${lines.join('\n')}`)] };
    }
    case 'weekly_review':
      return weeklyReview(extras, store);
    default:
      throw new RpcError(Code.InvalidParams, `Unknown prompt: ${String(params.name)}`);
  }
}

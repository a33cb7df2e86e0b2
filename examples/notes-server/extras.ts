/**
 * `toggle_extras` shows or hides one extra tool (word_count) and one extra prompt (weekly_review),
 * so clients and mcpvet's list_changed checks have a list that changes on demand. It is not
 * read-only, so checks call it only when allowed (--allow-call toggle_extras). The flag lives in
 * the server instance (every connection of one HTTP server sees the same lists, as 2026-07-28 wants).
 */
import { Code, RpcError, type Json } from './protocol.js';
import type { NoteStore } from './store.js';
import type { SubscriptionHub } from './subscriptions.js';

export interface Extras {
  shown: boolean;
}

export const TOGGLE_EXTRAS_TOOL: Json = {
  name: 'toggle_extras',
  title: 'Toggle extras',
  description: 'Shows or hides the word_count tool and the weekly_review prompt (the tool and prompt lists change, with list_changed notifications).',
  inputSchema: { type: 'object', additionalProperties: false },
  // Changes what the server offers, nothing of the notes; a second call undoes the first.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
};

const WORD_COUNT_TOOL: Json = {
  name: 'word_count',
  title: 'Word count',
  description: 'Counts the words of one note (offered while the extras are shown).',
  inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Note id, e.g. n1' } }, required: ['id'], additionalProperties: false },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

const WEEKLY_REVIEW_PROMPT: Json = {
  name: 'weekly_review',
  title: 'Weekly review',
  description: 'Asks the model to review all notes of the week (offered while the extras are shown).',
};

export const extraTools = (extras: Extras): Json[] => (extras.shown ? [WORD_COUNT_TOOL] : []);
export const extraPrompts = (extras: Extras): Json[] => (extras.shown ? [WEEKLY_REVIEW_PROMPT] : []);

export function toggleExtras(extras: Extras, hub: SubscriptionHub): Json {
  extras.shown = !extras.shown;
  hub.listsChanged({ tools: true, prompts: true });
  return { content: [{ type: 'text', text: extras.shown ? 'Extras shown: word_count and weekly_review' : 'Extras hidden' }] };
}

export function wordCount(store: NoteStore, id: string): Json {
  const note = store.get(id);
  if (!note) return { content: [{ type: 'text', text: `No note with id ${id}` }], isError: true };
  const words = `${note.title} ${note.body}`.split(/\s+/).filter(Boolean).length;
  return { content: [{ type: 'text', text: `${words} words` }] };
}

export function weeklyReview(extras: Extras, store: NoteStore): Json {
  if (!extras.shown) throw new RpcError(Code.InvalidParams, 'Unknown prompt: weekly_review');
  const lines = store.list().map((n) => `- ${n.title} (${n.id})`);
  return {
    description: 'Weekly review of all notes',
    messages: [{ role: 'user', content: { type: 'text', text: `Review this week's notes.\n\n${lines.join('\n')}` } }],
  };
}

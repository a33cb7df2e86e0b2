/** completion/complete: note ids by prefix, for summarize_note's `id` and the note template's `{id}`. */
import { Code, RpcError, isObject, type Json } from './protocol.js';
import type { NoteStore } from './store.js';
import { NOTE_TEMPLATE } from './resources.js';

const MAX_VALUES = 100; // the spec's cap per response

export function complete(store: NoteStore, params: Json): Json {
  const { ref, argument } = params;
  if (!isObject(ref) || !isObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
    throw new RpcError(Code.InvalidParams, 'completion/complete needs ref and argument {name, value}');
  }
  const knownRef = (ref.type === 'ref/prompt' && ref.name === 'summarize_note') || (ref.type === 'ref/resource' && ref.uri === NOTE_TEMPLATE);
  if (!knownRef) throw new RpcError(Code.InvalidParams, 'Nothing to complete for this ref', { ref });
  if (argument.name !== 'id') throw new RpcError(Code.InvalidParams, `Unknown argument: ${argument.name}`);
  const prefix = argument.value;
  const matches = store
    .list()
    .map((n) => n.id)
    .filter((id) => id.startsWith(prefix));
  return { completion: { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES } };
}

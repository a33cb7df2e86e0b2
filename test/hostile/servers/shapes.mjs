/**
 * Servers whose answers are valid JSON of a hostile shape. `deep-nesting`: tools/list carries a
 * 100,000-deep array in `_meta`. `deep-schema`: a tool whose inputSchema nests 5,000 objects.
 * `redos`: a read-only tool whose outputSchema `pattern` backtracks catastrophically on the
 * structuredContent it returns. `many-tools`: 200,000 tools in one page. `endless-pages`: every
 * tools/list page has a fresh nextCursor.
 */
import { mode, normalAnswer, onStdinMessages, probeTool, response, send } from './lib.mjs';

const behaviour = mode(['deep-nesting', 'deep-schema', 'redos', 'many-tools', 'endless-pages']);

/** The JSON text of a schema nesting `depth` objects (built as text: JSON.stringify would recurse). */
function deepSchemaText(depth) {
  return '{"type":"object","properties":{"a":'.repeat(depth) + '{"type":"string"}' + '}}'.repeat(depth);
}

const redosTool = {
  ...probeTool,
  outputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } }, required: ['s'] },
  inputSchema: { type: 'object', properties: { q: { type: 'string', pattern: '^(\\w+\\s?)*$' } } },
};

let page = 0;
onStdinMessages((message) => {
  if (message.method === 'tools/list') {
    if (behaviour === 'deep-nesting') {
      const text = JSON.stringify(response(message, { tools: [probeTool], _meta: { deep: '@' } }));
      process.stdout.write(text.replace('"@"', '['.repeat(100_000) + ']'.repeat(100_000)) + '\n');
      return;
    }
    if (behaviour === 'deep-schema') {
      const text = JSON.stringify(response(message, { tools: [{ ...probeTool, inputSchema: '@' }] }));
      process.stdout.write(text.replace('"@"', deepSchemaText(5000)) + '\n');
      return;
    }
    if (behaviour === 'redos') return send(response(message, { tools: [redosTool] }));
    if (behaviour === 'many-tools') {
      const tools = Array.from({ length: Number(process.env.HOSTILE_TOOLS ?? 200_000) }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: 'object' } }));
      return send(response(message, { tools }));
    }
    page++;
    return send(response(message, { tools: [{ ...probeTool, name: `page_${page}` }], nextCursor: `cursor-${page}` }));
  }
  if (message.method === 'tools/call' && behaviour === 'redos') {
    const s = 'a'.repeat(40) + '!';
    return send(response(message, { content: [{ type: 'text', text: JSON.stringify({ s }) }], structuredContent: { s }, isError: false }));
  }
  const answer = normalAnswer(message);
  if (answer) send(answer);
});

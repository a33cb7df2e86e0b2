import { describe, expect, it } from 'vitest';
import { withId, type IdTemplates } from '../../src/cassette/id-template.js';

describe('withId', () => {
  it('gives exactly the text of the message re-serialized with the new id', () => {
    const message = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'id "7" \u2028 \\' }] } };
    const templates: IdTemplates = new Map();
    // The first answer is serialized, the next ones come from the template.
    for (const id of [1, 0, -3.5, 'a', 'with "quotes" and \\', '']) expect(withId(message, id, templates)).toBe(JSON.stringify({ ...message, id }));
    expect(Array.isArray(templates.get(message))).toBe(true);
  });

  it('puts the id where the recording had it', () => {
    const templates: IdTemplates = new Map();
    const message = { id: 'old', jsonrpc: '2.0', result: {} };
    for (const id of [2, 3]) expect(withId(message, id, templates)).toBe(`{"id":${id},"jsonrpc":"2.0","result":{}}`);
  });
});

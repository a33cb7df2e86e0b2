import { describe, expect, it } from 'vitest';
import { withId } from '../../src/cassette/id-template.js';

describe('withId', () => {
  it('gives exactly the text of the message re-serialized with the new id', () => {
    const message = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'id "7" \u2028 \\' }] } };
    for (const id of [1, 0, -3.5, 'a', 'with "quotes" and \\', '']) {
      expect(withId(message, id)).toBe(JSON.stringify({ ...message, id }));
      // The second time comes from the remembered template.
      expect(withId(message, id)).toBe(JSON.stringify({ ...message, id }));
    }
  });

  it('puts the id where the recording had it', () => {
    expect(withId({ id: 'old', jsonrpc: '2.0', result: {} }, 2)).toBe('{"id":2,"jsonrpc":"2.0","result":{}}');
  });
});

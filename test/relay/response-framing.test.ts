/**
 * Where answers end on a pass-through connection: repeated Transfer-Encoding and Content-Length
 * fields are read as one list (RFC 9110 §5.3), and lengths that disagree cannot be followed.
 */
import { describe, expect, it } from 'vitest';
import { ResponseFraming } from '../../src/relay/http-response-framing.js';

const answered = (head: string, body: string): ResponseFraming => {
  const framing = new ResponseFraming();
  framing.expect('POST');
  framing.push(Buffer.from(`${head}\r\n\r\n${body}`, 'latin1'));
  return framing;
};

describe('response framing', () => {
  it('a chunked answer whose Transfer-Encoding is split over two fields ends at its last chunk', () => {
    const framing = answered('HTTP/1.1 200 OK\r\ntransfer-encoding: gzip\r\ntransfer-encoding: chunked', '3\r\nabc\r\n0\r\n\r\n');
    expect(framing.unanswered).toBe(0);
    expect(framing.lost).toBe(false);
  });

  it('a Content-Length repeated with the same value frames the answer; differing ones are lost', () => {
    expect(answered('HTTP/1.1 200 OK\r\ncontent-length: 3\r\ncontent-length: 3', 'abc').unanswered).toBe(0);
    const differing = answered('HTTP/1.1 200 OK\r\ncontent-length: 3\r\ncontent-length: 5', 'abc');
    expect(differing.lost).toBe(true);
    expect(differing.unanswered).toBe(1);
  });
});

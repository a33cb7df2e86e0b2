/**
 * Servers whose stdout is not JSON-RPC after the handshake. `text`: lines of prose instead of
 * answers. `binary`: random bytes, NULs and invalid UTF-8 instead of answers. `huge-line`: the
 * answer to tools/list is one 200 MB line (a valid JSON-RPC response with a giant string).
 */
import { randomBytes } from 'node:crypto';
import { isHandshake, mode, normalAnswer, onStdinMessages, response, send } from './lib.mjs';

const behaviour = mode(['text', 'binary', 'huge-line']);
onStdinMessages((message) => {
  if (isHandshake(message)) {
    const answer = normalAnswer(message);
    if (answer) send(answer);
    return;
  }
  if (message.id === undefined) return;
  if (behaviour === 'text') {
    for (let i = 0; i < 50; i++) process.stdout.write(`Server log line ${i}: all is well, no JSON here\n`);
  } else if (behaviour === 'binary') {
    for (let i = 0; i < 50; i++) process.stdout.write(Buffer.concat([randomBytes(2000), Buffer.from([0, 0xff, 0xfe, 0x0a])]));
  } else {
    writeHugeLine(message);
  }
});

/** Streams `{"jsonrpc":…,"result":{…,"_meta":{"pad":"xxxx…"}}}` of 200 MB without holding it. */
function writeHugeLine(message) {
  const text = JSON.stringify(response(message, { tools: [], _meta: { pad: '@' } }));
  const [head, tail] = text.split('"@"');
  const chunk = 'x'.repeat(1024 * 1024);
  let left = 200;
  process.stdout.write(head + '"');
  const more = () => {
    while (left > 0) {
      left--;
      if (!process.stdout.write(chunk)) return process.stdout.once('drain', more);
    }
    process.stdout.write('"' + tail + '\n');
  };
  more();
}

/**
 * Servers that flood. `notifications`: after the handshake, answers any request with an endless
 * stream of notifications/message and never with the answer. `stderr`: answers normally while
 * writing to stderr as fast as the pipe takes it.
 */
import { isHandshake, mode, normalAnswer, onStdinMessages, send } from './lib.mjs';

const behaviour = mode(['notifications', 'stderr']);
const logLine = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x'.repeat(1000) } }) + '\n';
const burst = logLine.repeat(64);

/** Writes `text` again on every turn of the event loop (pipes are synchronous on Linux). */
function flood(stream, text) {
  const more = () => {
    if (stream.write(text)) setImmediate(more);
    else stream.once('drain', more);
  };
  more();
}

if (behaviour === 'stderr') flood(process.stderr, 'hostile: a log line that never ends '.repeat(30) + '\n');
let flooding = false;
onStdinMessages((message) => {
  if (behaviour === 'stderr' || isHandshake(message)) {
    const answer = normalAnswer(message);
    if (answer) send(answer);
    return;
  }
  if (message.id === undefined || flooding) return;
  flooding = true;
  flood(process.stdout, burst);
});

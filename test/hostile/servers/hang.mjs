/**
 * Servers that stop answering. `never`: reads everything, answers nothing. `after-handshake`:
 * answers server/discover or initialize, then nothing. `immortal`: like after-handshake, and it
 * ignores stdin EOF, SIGTERM and SIGINT, so only SIGKILL ends it.
 */
import { isHandshake, mode, normalAnswer, onStdinMessages, send } from './lib.mjs';

const behaviour = mode(['never', 'after-handshake', 'immortal']);
const keepAlive = setInterval(() => {}, 60_000);
if (behaviour === 'immortal') {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => {});
}
onStdinMessages(
  (message) => {
    if (behaviour === 'never' || !isHandshake(message)) return;
    const answer = normalAnswer(message);
    if (answer) send(answer);
  },
  { exitOnEof: behaviour !== 'immortal' },
);
void keepAlive;

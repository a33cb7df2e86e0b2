/**
 * Servers that die. `at-once`: exits 3 before reading anything. `mid-request`: answers the
 * handshake, then on any other request writes half an answer and kills itself (SIGKILL).
 */
import { isHandshake, mode, normalAnswer, onStdinMessages, send } from './lib.mjs';

const behaviour = mode(['at-once', 'mid-request']);
if (behaviour === 'at-once') {
  process.stderr.write('hostile: giving up at once\n');
  process.exit(3);
}
onStdinMessages((message) => {
  if (isHandshake(message)) {
    const answer = normalAnswer(message);
    if (answer) send(answer);
    return;
  }
  if (message.id === undefined) return;
  const half = JSON.stringify(normalAnswer(message));
  process.stdout.write(half.slice(0, half.length / 2), () => process.kill(process.pid, 'SIGKILL'));
});

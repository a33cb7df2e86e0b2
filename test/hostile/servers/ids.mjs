/**
 * Servers that answer with the wrong id. `wrong`: the answer to any request after the handshake
 * carries id + 1000. `foreign`: a string id nobody sent. `duplicate`: every answer twice.
 * `tenfold`: every answer ten times.
 */
import { isHandshake, mode, normalAnswer, onStdinMessages, send } from './lib.mjs';

const behaviour = mode(['wrong', 'foreign', 'duplicate', 'tenfold']);
onStdinMessages((message) => {
  const answer = normalAnswer(message);
  if (!answer) return;
  if (isHandshake(message)) return send(answer);
  if (behaviour === 'wrong') return send({ ...answer, id: typeof message.id === 'number' ? message.id + 1000 : `${message.id}-x` });
  if (behaviour === 'foreign') return send({ ...answer, id: 'not-your-request' });
  const times = behaviour === 'duplicate' ? 2 : 10;
  for (let i = 0; i < times; i++) send(answer);
});

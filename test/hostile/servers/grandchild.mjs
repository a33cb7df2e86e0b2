/**
 * Servers that leave a grandchild holding stdout (and stderr) open, then behave normally and
 * exit on stdin EOF. `same-group`: the grandchild stays in the server's process group.
 * `setsid`: the grandchild starts a session of its own (detached), out of reach of a group kill.
 * `hang`: same-group, and the server never answers tools/list (for Ctrl-C and timeouts).
 */
import { spawn } from 'node:child_process';
import { isHandshake, mode, normalAnswer, onStdinMessages, send } from './lib.mjs';

const behaviour = mode(['same-group', 'setsid', 'hang']);
const grandchild = spawn(process.execPath, ['-e', 'process.on("SIGTERM",()=>{});setInterval(()=>{},60000)'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: behaviour === 'setsid',
});
grandchild.unref();
onStdinMessages((message) => {
  if (behaviour === 'hang' && !isHandshake(message)) return;
  const answer = normalAnswer(message);
  if (answer) send(answer);
});

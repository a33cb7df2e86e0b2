// Preloaded with --import: a server that calls listen(port) with no host binds to 127.0.0.1
// instead of every interface, so an interop test never opens a port to the network.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  if (typeof args[0] === 'number' && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  return listen.apply(this, args);
};

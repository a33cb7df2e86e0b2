// Preloaded with `node --import` into mcpvet (never into the server under test): every outbound
// TCP connection and every DNS lookup the process starts is appended to MCPVET_CONNECTIONS_LOG.
import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const log = process.env.MCPVET_CONNECTIONS_LOG;
const record = (entry) => log && appendFileSync(log, `${JSON.stringify(entry)}\n`);

/** Socket#connect takes (options), (port, host), (path) or, from net.connect, one normalized array. */
function destination(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'object' && first !== null) return first.path ? { path: first.path } : { host: first.host ?? 'localhost', port: first.port };
  if (typeof first === 'string' && Number.isNaN(Number(first))) return { path: first };
  return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) };
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  record({ kind: 'connect', ...destination(args) });
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function (hostname, ...rest) {
  record({ kind: 'lookup', hostname });
  return lookup.call(this, hostname, ...rest);
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = function (hostname, ...rest) {
  record({ kind: 'lookup', hostname });
  return lookupPromise.call(this, hostname, ...rest);
};

/**
 * Which local addresses a TCP port is listening on, read from /proc/net/tcp and /proc/net/tcp6
 * (Linux; the sockets of mcpvet's own network namespace). Nothing is sent anywhere: binding to all
 * interfaces is found by reading the kernel's table, never by dialling another address.
 */
import { readProcFile } from '../../../wire/proc-file.js';

const LISTEN = '0A';
const ANY_V4 = '00000000';
const ANY_V6 = '0'.repeat(32);

export interface Listening {
  /** Addresses in words: `0.0.0.0`, `::`, `127.0.0.1`, `::1`, or the hex of another one. */
  addresses: string[];
  /** One of them is every interface (0.0.0.0 or ::). */
  allInterfaces: boolean;
}

/** The listening sockets on `port`, or undefined when the tables cannot be read (not Linux) or none is ours. */
export function listeningOn(port: number): Listening | undefined {
  const tables = ['/proc/net/tcp', '/proc/net/tcp6'].map(readProcFile);
  if (tables.every((table) => table === undefined)) return undefined;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses = new Set<string>();
  let allInterfaces = false;
  for (const table of tables) {
    for (const line of (table ?? '').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [address, localPort] = (fields[1] ?? '').split(':');
      if (fields[3] !== LISTEN || localPort !== hexPort || !address) continue;
      if (address === ANY_V4 || address === ANY_V6) allInterfaces = true;
      addresses.add(addressText(address));
    }
  }
  return addresses.size > 0 ? { addresses: [...addresses], allInterfaces } : undefined;
}

/** The kernel writes IPv4 addresses as one little-endian word; IPv6 as four. */
function addressText(hex: string): string {
  if (hex === ANY_V4) return '0.0.0.0';
  if (hex === ANY_V6) return '::';
  if (hex.length === 8) return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
  if (hex === '00000000000000000000000001000000') return '::1';
  if (hex.startsWith('0000000000000000FFFF0000')) return `::ffff:${addressText(hex.slice(24))}`;
  return `IPv6 ${hex}`;
}

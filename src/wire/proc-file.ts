/**
 * Reads small /proc files into one reused buffer. Scans of every process (strays, activity) read
 * hundreds of them; readFileSync allocated a fresh buffer for each, and under a flood the scans
 * blocked the event loop long enough to leave exited children unreaped for a second.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const buffer = Buffer.allocUnsafe(64 * 1024);

/** The file's text (latin1), or undefined when it cannot be read (gone, not ours, no /proc). */
export function readProcFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    let length = 0;
    let parts: string[] | undefined;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length === buffer.length) {
        // Larger than the buffer (a long environment): keep what was read and go on.
        (parts ??= []).push(buffer.toString('latin1', 0, length));
        length = 0;
      }
    }
    const tail = buffer.toString('latin1', 0, length);
    return parts ? parts.join('') + tail : tail;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

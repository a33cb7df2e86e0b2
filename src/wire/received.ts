/**
 * Bytes received from servers by this process, over every connection (stdio output, HTTP bodies).
 * A count only: the check engine reads it to know when much has arrived since its last full
 * garbage collection (check/collect-garbage.ts).
 */
let received = 0;

/** `bytes` more were received. */
export function noteReceived(bytes: number): void {
  received += bytes;
}

/** Bytes received so far. */
export function receivedBytes(): number {
  return received;
}

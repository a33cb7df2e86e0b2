/**
 * What commands print on stdout and stderr: the run's secret values masked (a server may echo
 * them in any answer), and server text made safe for a terminal (no raw escape sequences).
 * Relays (record, replay, proxy) never print through here: their stdout is the protocol.
 */
import { maskLiterals } from '../report/redact.js';
import { jsonPrintable, printable } from '../wire/control-chars.js';

interface Stream {
  write(text: string): unknown;
}

/** Text for people: lines kept, every other control character escaped. */
export function printText(text: string, stream: Stream = process.stdout): void {
  stream.write(printable(maskLiterals(text)));
}

/** A JSON document (or JSON line): still the same JSON, with C1 controls escaped. */
export function printJson(json: string, stream: Stream = process.stdout): void {
  stream.write(jsonPrintable(maskLiterals(json)));
}

/** A diagnostic line on stderr. */
export function printNote(line: string): void {
  printText(line.endsWith('\n') ? line : line + '\n', process.stderr);
}

/** A contract from a file: a snapshot as it is, or a cassette turned into one. */
import { readFile } from 'node:fs/promises';
import { CASSETTE_FORMAT, parseCassette } from '../relay/cassette-format.js';
import { snapshotFromCassette } from './from-cassette.js';
import { ContractFormatError, parseContractSnapshot, type ContractSnapshot } from './snapshot-types.js';

export async function readContract(path: string): Promise<ContractSnapshot> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ContractFormatError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot be read (${code ?? error})`);
  }
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  if (firstLine.includes(`"${CASSETTE_FORMAT}"`)) {
    try {
      return snapshotFromCassette(parseCassette(text, path), path);
    } catch (error) {
      throw new ContractFormatError((error as Error).message);
    }
  }
  return parseContractSnapshot(text, path);
}

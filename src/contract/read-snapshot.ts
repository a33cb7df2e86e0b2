import { readFile } from 'node:fs/promises';
import { ContractFormatError, parseContractSnapshot, type ContractSnapshot } from './snapshot-types.js';

/** Reads and checks a snapshot file; a missing or unreadable file is a ContractFormatError too. */
export async function readContractSnapshot(path: string): Promise<ContractSnapshot> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ContractFormatError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot be read (${code ?? error})`);
  }
  return parseContractSnapshot(text, path);
}

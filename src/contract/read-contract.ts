/** A contract from a file: a snapshot as it is, or a cassette turned into one (once cassettes exist). */
import { readContractSnapshot } from './read-snapshot.js';
import type { ContractSnapshot } from './snapshot-types.js';

export async function readContract(path: string): Promise<ContractSnapshot> {
  return readContractSnapshot(path);
}

/** The secrets (and planted canaries) in one part of a server message: its JSON, or a raw HTTP body. */
import { findSecrets, findSecretsInJson, type JsonSecret } from '../../../scan/secrets.js';
import type { ReceivedPart } from './received.js';

export function secretsInPart(part: ReceivedPart, canaries: readonly string[] = []): JsonSecret[] {
  if (typeof part.value === 'string' && part.base === '') {
    const text = part.value;
    return findSecrets(text, canaries).map((match) => ({ pointer: '', text, match }));
  }
  return findSecretsInJson(part.value, canaries, part.base);
}

import { createHash } from 'node:crypto';

/** The descriptionHash of a snapshot: sha256 hex of the description text exactly as served. */
export function hashDescription(description: string): string {
  return createHash('sha256').update(description, 'utf8').digest('hex');
}

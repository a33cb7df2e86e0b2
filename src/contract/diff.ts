/**
 * `mcpvet diff OLD NEW`: every difference between two contract snapshots, classified as
 * breaking, compatible or cosmetic, and the semver bump that the worst of them calls for.
 */
import type { ContractChange } from './change.js';
import { diffErrorClasses, diffCapabilities, diffProtocol, diffServerInfo } from './diff-server.js';
import { diffPrompts, diffResourceTemplates, diffResources } from './diff-listings.js';
import { diffTools } from './diff-tools.js';
import type { ContractSnapshot } from './snapshot-types.js';

export type { ChangeKind, ContractChange } from './change.js';
export { CHANGE_KINDS } from './change.js';

export type SemverBump = 'major' | 'minor' | 'patch' | 'none';

/** Changes in a stable order: protocol, capabilities, server, tools, resources, templates, prompts, errors. */
export function diffContracts(before: ContractSnapshot, after: ContractSnapshot): ContractChange[] {
  return [
    ...diffProtocol(before, after),
    ...diffCapabilities(before.capabilities, after.capabilities),
    ...diffServerInfo(before, after),
    ...diffTools(before.tools, after.tools),
    ...diffResources(before.resources, after.resources),
    ...diffResourceTemplates(before.resourceTemplates, after.resourceTemplates),
    ...diffPrompts(before.prompts, after.prompts),
    ...diffErrorClasses(before.errorClasses, after.errorClasses),
  ];
}

/** breaking -> major, compatible -> minor, cosmetic -> patch, nothing -> none. */
export function suggestBump(changes: readonly ContractChange[]): SemverBump {
  if (changes.some((c) => c.kind === 'breaking')) return 'major';
  if (changes.some((c) => c.kind === 'compatible')) return 'minor';
  if (changes.some((c) => c.kind === 'cosmetic')) return 'patch';
  return 'none';
}

export function countByKind(changes: readonly ContractChange[]): Record<ContractChange['kind'], number> {
  const counts = { breaking: 0, compatible: 0, cosmetic: 0 };
  for (const change of changes) counts[change.kind]++;
  return counts;
}

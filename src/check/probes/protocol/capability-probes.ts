/**
 * One cheap request per server capability, the method a server that declares the capability
 * must answer: tools -> tools/list, resources -> resources/list, prompts -> prompts/list,
 * completions -> completion/complete, and (legacy only; deprecated and gone in 2026-07-28)
 * logging -> logging/setLevel.
 */
import type { Era } from '../../../protocol/versions.js';

export interface CapabilityProbe {
  capability: string;
  method: string;
  params: Record<string, unknown>;
  /** The array a list result must carry. */
  listField?: string;
  eras: Era[];
}

export const CAPABILITY_PROBES: CapabilityProbe[] = [
  { capability: 'tools', method: 'tools/list', params: {}, listField: 'tools', eras: ['modern', 'legacy'] },
  { capability: 'resources', method: 'resources/list', params: {}, listField: 'resources', eras: ['modern', 'legacy'] },
  { capability: 'prompts', method: 'prompts/list', params: {}, listField: 'prompts', eras: ['modern', 'legacy'] },
  // A made-up ref: a server that implements completion may refuse it (-32602), but it must not say the method is unknown.
  {
    capability: 'completions',
    method: 'completion/complete',
    params: { ref: { type: 'ref/prompt', name: 'mcpvet-probe' }, argument: { name: 'mcpvet', value: '' } },
    eras: ['modern', 'legacy'],
  },
  // "error" keeps the session quiet: the least noisy level a client can ask for.
  { capability: 'logging', method: 'logging/setLevel', params: { level: 'error' }, eras: ['legacy'] },
];

export function probesFor(era: Era): CapabilityProbe[] {
  return CAPABILITY_PROBES.filter((probe) => probe.eras.includes(era));
}

/** A result with something in it (list items, or completion values): a sign the capability is supported. */
export function servesContent(probe: CapabilityProbe, result: unknown): boolean {
  if (typeof result !== 'object' || result === null) return false;
  const fields = result as Record<string, unknown>;
  if (probe.listField) return Array.isArray(fields[probe.listField]) && (fields[probe.listField] as unknown[]).length > 0;
  const completion = fields.completion as Record<string, unknown> | undefined;
  return Array.isArray(completion?.values) && completion.values.length > 0;
}

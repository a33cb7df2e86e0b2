/** `--model provider:name`: which provider library speaks to the model. */
export type ProviderKind = 'openai' | 'anthropic' | 'openai-compatible';

export interface ModelSpec {
  /** As the user wrote it: the key of the model in reports. */
  spec: string;
  provider: ProviderKind;
  name: string;
}

const PROVIDERS: readonly ProviderKind[] = ['openai', 'anthropic', 'openai-compatible'];

export class ModelSpecError extends Error {}

/** Splits at the first colon only: local model names carry colons (`openai-compatible:llama3:8b`). */
export function parseModelSpec(spec: string): ModelSpec {
  const colon = spec.indexOf(':');
  const provider = spec.slice(0, colon) as ProviderKind;
  const name = spec.slice(colon + 1);
  if (colon <= 0 || name === '' || !PROVIDERS.includes(provider))
    throw new ModelSpecError(`model "${spec}": write provider:name, with provider one of ${PROVIDERS.join(', ')}`);
  return { spec, provider, name };
}

/**
 * Where each model's requests go. `openai:` and `anthropic:` models go to their provider's official
 * API unless OPENAI_BASE_URL / ANTHROPIC_BASE_URL say otherwise; `openai-compatible:` models have
 * no official API and take the bare `--base-url`; a per-model URL (`--base-url MODEL=URL`) beats
 * both. So one matrix can mix a real provider and a local server without either reaching the other.
 */
import { oneLine } from '../wire/control-chars.js';
import { redactUrl } from '../wire/target.js';
import { type ModelSpec, parseModelSpec } from './model-spec.js';

export interface EndpointSettings {
  /** The bare `--base-url`: every `openai-compatible:` model's URL. */
  baseUrl?: string;
  /** `--base-url MODEL=URL`: one model's URL, by its spec as written. */
  modelBaseUrls?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
}

export class EndpointError extends Error {}

const ENV_VARIABLE = { openai: 'OPENAI_BASE_URL', anthropic: 'ANTHROPIC_BASE_URL' } as const;

/** The URL a model's library must use; undefined means the provider's official API. */
export function endpointFor(model: ModelSpec, settings: EndpointSettings): string | undefined {
  const own = settings.modelBaseUrls?.[model.spec];
  if (own !== undefined) return own;
  if (model.provider === 'openai-compatible') {
    if (settings.baseUrl === undefined)
      throw new EndpointError(
        `model "${model.spec}": openai-compatible needs --base-url (e.g. --base-url http://127.0.0.1:11434/v1, or --base-url ${model.spec}=URL for this model alone)`,
      );
    return settings.baseUrl;
  }
  // Read here rather than left to the library, so that the key rule and the library API see it too.
  const fromEnv = (settings.env ?? process.env)[ENV_VARIABLE[model.provider]];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : undefined;
}

/**
 * Refuses, before anything starts, a combination that would send requests where the user did not
 * mean: a model without a URL, a bare --base-url no model takes, a per-model URL for no model.
 * `judges` are the grader specs the tasks name; they follow the same rule.
 */
export function checkEndpoints(models: ModelSpec[], judges: string[], settings: EndpointSettings): void {
  const all = [...models, ...judges.map(parseModelSpec)];
  for (const model of all) endpointFor(model, settings);
  const specs = new Set(all.map((model) => model.spec));
  for (const spec of Object.keys(settings.modelBaseUrls ?? {}))
    if (!specs.has(spec)) throw new EndpointError(`--base-url ${spec}=…: no model of this run is "${spec}" (models: ${[...specs].join(', ')})`);
  // The bare URL must be some model's: an openai-compatible one without a URL of its own.
  if (settings.baseUrl !== undefined && !all.some((model) => model.provider === 'openai-compatible' && settings.modelBaseUrls?.[model.spec] === undefined)) {
    const other = all.find((model) => model.provider !== 'openai-compatible');
    const hint = other
      ? `; to point ${other.spec} elsewhere, give --base-url ${other.spec}=URL or set ${ENV_VARIABLE[other.provider as keyof typeof ENV_VARIABLE]}`
      : '';
    throw new EndpointError(
      `--base-url ${oneLine(redactUrl(settings.baseUrl))}: applies to openai-compatible: models without a URL of their own, and this run has none${hint}`,
    );
  }
}

/**
 * A model spec as an AI SDK language model. The provider packages are imported here only, when
 * `eval` runs, so no other command pays for them. Keys come from the environment and go only to
 * the provider library, never into a report or a cassette.
 */
import type { LanguageModel } from 'ai';
import type { ModelSpec } from './model-spec.js';

export interface ProviderOptions {
  /** The model's URL as endpoints.ts resolved it; undefined: the provider's official API. */
  baseUrl?: string;
  /** Every request to the model goes through this (recording, replay). */
  fetch?: typeof globalThis.fetch;
  env?: NodeJS.ProcessEnv;
}

export class ProviderSetupError extends Error {}

// The SDK logs its warnings (e.g. an unknown model name) with console.info, on stdout, where they
// would corrupt `--format json`. What they say is not a verdict; they are dropped.
(globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = false;

const KEY_VARIABLE = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY', 'openai-compatible': 'OPENAI_COMPATIBLE_API_KEY' } as const;
const BASE_URL_VARIABLE = { openai: 'OPENAI_BASE_URL', anthropic: 'ANTHROPIC_BASE_URL', 'openai-compatible': '--base-url' } as const;
// Given explicitly: left undefined, the libraries would read their *_BASE_URL from process.env
// themselves, past the rule of endpoints.ts (and past a library caller's own env).
const OFFICIAL = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com/v1' } as const;
// A local server (the scripted model, Ollama) takes any key; the libraries insist on one.
const NO_KEY = 'mcpvet-no-key';

export async function languageModel(model: ModelSpec, options: ProviderOptions): Promise<LanguageModel> {
  const env = options.env ?? process.env;
  const apiKey = env[KEY_VARIABLE[model.provider]] || (options.baseUrl !== undefined || model.provider === 'openai-compatible' ? NO_KEY : undefined);
  if (apiKey === undefined)
    throw new ProviderSetupError(
      `model "${model.spec}": set ${KEY_VARIABLE[model.provider]} (or point it at a local server with ${BASE_URL_VARIABLE[model.provider]} or --base-url ${model.spec}=URL)`,
    );
  const baseURL = options.baseUrl;
  switch (model.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      // Chat completions, not the Responses API: what gateways and local servers also speak.
      return createOpenAI({ apiKey, baseURL: baseURL ?? OFFICIAL.openai, fetch: options.fetch }).chat(model.name);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, baseURL: baseURL ?? OFFICIAL.anthropic, fetch: options.fetch })(model.name);
    }
    case 'openai-compatible': {
      if (baseURL === undefined) throw new ProviderSetupError(`model "${model.spec}": openai-compatible needs --base-url (e.g. http://127.0.0.1:11434/v1)`);
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({ name: 'openai-compatible', apiKey, baseURL, fetch: options.fetch, includeUsage: true })(model.name);
    }
  }
}

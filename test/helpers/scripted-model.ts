/** The real AI SDK providers pointed at a scripted model, and a tool the tests give them. */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, type LanguageModel, tool } from 'ai';
import type { ScriptedModel } from '../../src/eval/scripted/server.js';

// The Anthropic provider warns that "scripted" is an unknown model; the tests have nothing to learn from it.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

export type ProviderName = 'openai-compatible' | 'openai' | 'anthropic';

/** A language model of the named provider that talks to `base` (a scripted model, or its printed base URL). */
export function providerModel(provider: ProviderName, base: Pick<ScriptedModel, 'openaiBaseUrl' | 'anthropicBaseUrl'>): LanguageModel {
  switch (provider) {
    case 'openai-compatible':
      return createOpenAICompatible({ name: 'scripted', baseURL: base.openaiBaseUrl, includeUsage: true })('scripted');
    case 'openai':
      // @ai-sdk/openai v3 defaults to the Responses API; the scripted model speaks chat completions.
      return createOpenAI({ baseURL: base.openaiBaseUrl, apiKey: 'not-a-key' }).chat('scripted');
    case 'anthropic':
      return createAnthropic({ baseURL: base.anthropicBaseUrl, apiKey: 'not-a-key' })('scripted');
  }
}

/** get_weather(city), answering "sunny in CITY" and recording each call. */
export function weatherTools(calls: unknown[] = []) {
  return {
    get_weather: tool({
      description: 'Get the current weather of a city',
      inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
      execute: async ({ city }) => {
        calls.push({ city });
        return `sunny in ${city}`;
      },
    }),
  };
}

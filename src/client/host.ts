/**
 * A scriptable host: answers the input requests a server makes (MRTR input requests in the modern
 * era, server-to-client requests in the legacy era) from answers given in code or a JSON file.
 */
import { readFileSync } from 'node:fs';
import type { InputHost, JsonObject } from './types.js';

export interface HostScript {
  /** Answers by the server's input-request key (modern era), e.g. { "confirm": { "action": "accept", "content": { "confirm": true } } }. */
  byKey?: Record<string, JsonObject>;
  /** Answers by method: "elicitation/create", "sampling/createMessage", "roots/list". */
  byMethod?: Record<string, JsonObject>;
  /** Client capabilities to declare; derived from the answers when absent. */
  capabilities?: JsonObject;
}

/** A host that declares nothing and answers nothing: servers needing input must say so (-32021). */
export const NO_INPUT_HOST: InputHost = {
  capabilities: {},
  answer: async (request) => {
    throw new Error(`no answer scripted for ${request.method}`);
  },
};

export function scriptedHost(script: HostScript): InputHost {
  return {
    capabilities: script.capabilities ?? deriveCapabilities(script),
    async answer(request) {
      const answer = (request.key !== undefined ? script.byKey?.[request.key] : undefined) ?? script.byMethod?.[request.method];
      if (!answer) throw new Error(`no answer scripted for ${request.method}${request.key ? ` (input key "${request.key}")` : ''}`);
      return answer;
    },
  };
}

export function loadHostScript(file: string): HostScript {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read answers file ${file}: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`answers file ${file} must hold a JSON object with "byKey" and/or "byMethod"`);
  return parsed as HostScript;
}

function deriveCapabilities(script: HostScript): JsonObject {
  const methods = new Set(Object.keys(script.byMethod ?? {}));
  const capabilities: JsonObject = {};
  // Answers by key are almost always elicitation answers (the common MRTR case).
  if (methods.has('elicitation/create') || Object.keys(script.byKey ?? {}).length > 0) capabilities.elicitation = {};
  if (methods.has('sampling/createMessage')) capabilities.sampling = {};
  if (methods.has('roots/list')) capabilities.roots = {};
  return capabilities;
}

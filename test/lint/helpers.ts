// Shared fixtures for the lint tests: one tool that is clean under every default rule, and
// small builders to break exactly one thing in it.

export type Json = Record<string, unknown>;

/** Clean under the spec rules and every profile except gemini (which rejects additionalProperties). */
export const GOOD = Object.freeze({
  name: 'get_weather',
  description:
    'Get the current weather for one city. Use it when the user asks about the weather right now. It returns the temperature in Celsius and a short summary of conditions.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name, e.g. "Paris".' } },
    required: ['city'],
    additionalProperties: false,
  },
});

export function tool(overrides: Json = {}): Json {
  return { ...structuredClone(GOOD), ...overrides };
}

export function without(key: string, base: Json = tool()): Json {
  const copy = { ...base };
  delete copy[key];
  return copy;
}

/** A tool whose inputSchema is GOOD's, with root-level overrides (`undefined` removes a keyword). */
export function withSchema(overrides: Json): Json {
  const schema: Json = { ...structuredClone(GOOD.inputSchema), ...overrides };
  for (const [k, v] of Object.entries(schema)) if (v === undefined) delete schema[k];
  return tool({ inputSchema: schema });
}

/** A tool whose `city` parameter schema is replaced (root keeps additionalProperties:false and required). */
export function withCity(citySchema: unknown): Json {
  return withSchema({ properties: { city: citySchema } });
}

/** A strict-mode friendly object nested `levels` object schemas deep (the root is level 1). */
export function nestedObjects(levels: number): Json {
  let schema: Json = { type: 'object', properties: { v: { type: 'string', description: 'v' } }, required: ['v'], additionalProperties: false };
  for (let i = 1; i < levels; i++) {
    schema = { type: 'object', description: 'level', properties: { a: schema }, required: ['a'], additionalProperties: false };
  }
  return schema;
}

export function manyTools(n: number): Json[] {
  return Array.from({ length: n }, (_, i) => tool({ name: `tool_${i}` }));
}

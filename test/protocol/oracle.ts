/** The official schema.json files, compiled with ajv: the oracle our validators must agree with. */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as unknown as FormatsPlugin;

export interface Oracle {
  has(typeName: string): boolean;
  typeNames: ReadonlySet<string>;
  valid(typeName: string, value: unknown): boolean;
}

export function oracleFor(file: string): Oracle {
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { $defs: Record<string, unknown> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(schema, 'oracle');
  const cache = new Map<string, ValidateFunction>();
  const typeNames = new Set(Object.keys(schema.$defs));
  return {
    typeNames,
    has: (t) => typeNames.has(t),
    valid(typeName, value) {
      if (!typeNames.has(typeName)) throw new Error(`no $defs/${typeName}`);
      let fn = cache.get(typeName);
      if (!fn) cache.set(typeName, (fn = ajv.compile({ $ref: `oracle#/$defs/${typeName}` })));
      return fn(value) as boolean;
    },
  };
}

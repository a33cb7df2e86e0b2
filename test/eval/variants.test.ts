import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyVariant, loadVariantsFile, parseVariantsFile, VariantsFileError } from '../../src/eval/variants.js';

const FILE = `variants:
  - name: current          # no changes: the server's own descriptions
  - name: explicit
    tools:
      get_weather:
        description: "Current weather for a city: temperature (°C) and sky."
        parameters:
          city: "City name, e.g. Boston"
`;

const tools: Array<{ name: string; description?: string; inputSchema: unknown; annotations?: unknown }> = [
  {
    name: 'get_weather',
    description: 'Weather.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: true }, required: ['city'] },
    annotations: { readOnlyHint: true },
  },
  { name: 'list_cities', inputSchema: { type: 'object' } },
];

function mistakes(text: string): string[] {
  try {
    parseVariantsFile(text, 'variants.yaml');
  } catch (error) {
    if (error instanceof VariantsFileError) return error.lines;
    throw error;
  }
  throw new Error('the file loaded, but a mistake was expected');
}

describe('parseVariantsFile', () => {
  it('reads the example: a variant without changes, and one with rewrites', () => {
    expect(parseVariantsFile(FILE)).toEqual([
      { name: 'current', tools: {} },
      {
        name: 'explicit',
        tools: { get_weather: { description: 'Current weather for a city: temperature (°C) and sky.', parameters: { city: 'City name, e.g. Boston' } } },
      },
    ]);
  });

  it('every mistake at its line: duplicate names, unknown keys, wrong types, empty rewrites', () => {
    const text = `variants:
  - name: a
  - name: a
    tools:
      get_weather:
        descripton: "typo"
      other: {}
      third:
        description: 7
        parameters: { city: [x] }
  - tools: {}
  - name: "not ok"
`;
    expect(mistakes(text)).toEqual([
      'variants.yaml:3: variants[1].name: "a" is already the name of variants[0] (line 2); names must be unique',
      'variants.yaml:6: variants[1].tools.get_weather.descripton: unknown key (did you mean description?); allowed: description, parameters',
      'variants.yaml:7: variants[1].tools.other: give a description, parameters, or both (a variant without changes needs no tools entry)',
      'variants.yaml:9: variants[1].tools.third.description: must be a string',
      "variants.yaml:10: variants[1].tools.third.parameters.city: must be a string (the parameter's new description)",
      'variants.yaml:11: variants[2].name: required',
      'variants.yaml:12: variants[3].name: may hold only letters, digits, ".", "_" and "-", not "not ok"',
    ]);
  });

  it('at least one variant; an empty file says what it needs', () => {
    expect(mistakes('variants: []\n')).toEqual(['variants.yaml:1: variants: must hold at least one variant']);
    expect(mistakes('')).toEqual(['variants.yaml:1: the file is empty: it needs a list of variants (variants: - name: …)']);
    expect(mistakes('varients: []\n')).toEqual([
      'variants.yaml:1: varients: unknown key (did you mean variants?); allowed: variants',
      'variants.yaml:1: variants: required',
    ]);
  });

  it('loadVariantsFile reads the file and names it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpvet-variants-')), 'variants.yaml');
    writeFileSync(file, FILE);
    expect(loadVariantsFile(file).map((variant) => variant.name)).toEqual(['current', 'explicit']);
    writeFileSync(file, 'variants:\n  - nme: x\n');
    expect(() => loadVariantsFile(file)).toThrow(`${file}:2: variants[0].nme: unknown key (did you mean name?); allowed: name, tools`);
  });
});

describe('applyVariant', () => {
  it('rewrites the description and parameter descriptions in copies; the input is untouched', () => {
    const [, explicit] = parseVariantsFile(FILE);
    const before = structuredClone(tools);
    const applied = applyVariant(tools, explicit!);
    expect(applied.problems).toEqual([]);
    expect(applied.tools[0]).toEqual({
      ...tools[0],
      description: 'Current weather for a city: temperature (°C) and sky.',
      inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name, e.g. Boston' }, days: true }, required: ['city'] },
    });
    expect(applied.tools[1]).toEqual(tools[1]);
    expect(tools).toEqual(before);
    applied.tools[1]!.inputSchema = {};
    expect(tools[1]!.inputSchema).toEqual({ type: 'object' });
  });

  it('the variant without changes gives the same tools', () => {
    const [current] = parseVariantsFile(FILE);
    expect(applyVariant(tools, current!)).toEqual({ tools, problems: [] });
  });

  it('a `true` parameter schema gets a description; an empty description removes the tool description', () => {
    const applied = applyVariant(tools, { name: 'bare', tools: { get_weather: { description: '', parameters: { days: 'Days ahead, 1 to 7' } } } });
    expect(applied.tools[0]?.description).toBeUndefined();
    expect((applied.tools[0]!.inputSchema as { properties: Record<string, unknown> }).properties.days).toEqual({ description: 'Days ahead, 1 to 7' });
  });

  it('a tool or parameter the server does not have is a problem, not silently ignored', () => {
    const applied = applyVariant(tools, {
      name: 'typos',
      tools: { get_weathr: { description: 'x' }, get_weather: { parameters: { citty: 'x' } }, list_cities: { parameters: { q: 'x' } } },
    });
    expect(applied.problems).toEqual([
      'variant typos: the server has no tool get_weathr',
      'variant typos: get_weather has no parameter citty (its parameters: city, days)',
      'variant typos: list_cities has no parameter q (it has none)',
    ]);
  });
});

// What a model sees of the parameters in `inputSchema`: descriptions, types, and the
// recommended schema for a tool without parameters.
import { isPlainObject, pointer } from '../../wire/json-pointer.js';
import { walkSchema } from '../schema-walk.js';
import type { Report, SchemaUnderLint } from '../context.js';

const SHAPE_KEYWORDS = ['type', 'enum', 'const', '$ref', '$dynamicRef', 'anyOf', 'oneOf', 'allOf', 'not'];

export function checkParameters(s: SchemaUnderLint, report: Report): void {
  walkSchema(s.schema, s.pointer, (n) => {
    if (typeof n.node !== 'object') return;
    if (Array.isArray(n.node.type)) {
      report('portable.type-union', pointer(n.pointer, 'type'), `\`type\` is a list (${n.node.type.map(String).join(', ')}).`);
    }
    if (n.keyword !== 'properties' || n.key === undefined) return;
    const param = n.node;
    const described = typeof param.description === 'string' && param.description.trim() !== '';
    // The description of a referenced definition travels with it; don't ask for a second one.
    if (!described && !('$ref' in param)) {
      report('schema.property-description-missing', n.pointer, `Parameter "${n.key}" has no description.`);
    }
    if (!SHAPE_KEYWORDS.some((k) => k in param)) {
      report('portable.untyped', n.pointer, `Parameter "${n.key}" declares no type.`);
    }
  });
  checkNoParams(s, report);
}

function checkNoParams(s: SchemaUnderLint, report: Report): void {
  const root = s.schema;
  const hasParams =
    (isPlainObject(root.properties) && Object.keys(root.properties).length > 0) ||
    ['patternProperties', 'additionalProperties', 'unevaluatedProperties', 'anyOf', 'oneOf', 'allOf', '$ref', 'if', 'dependentSchemas'].some((k) => k in root);
  if (hasParams) return;
  report('schema.no-params-open', s.pointer, 'The tool takes no parameters but its schema accepts any object.');
}

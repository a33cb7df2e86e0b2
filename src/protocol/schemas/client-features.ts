/**
 * What a server asks of the client, and the client's answers: elicitation, sampling and
 * roots. Legacy servers send these as JSON-RPC requests; 2026-07-28 servers embed them in
 * an InputRequiredResult.
 */
import { z } from 'zod';
import type { Era } from '../versions.js';
import { integer, jsonObject, obj, uri, type Common } from './common.js';
import type { Content } from './content.js';
import type { Entities } from './entities.js';

function buildRequestedSchema() {
  const described = { title: z.string().optional(), description: z.string().optional() };
  const titledOption = obj({ const: z.string(), title: z.string() });
  const stringSchema = obj({
    type: z.literal('string'),
    ...described,
    minLength: integer().optional(),
    maxLength: integer().optional(),
    format: z.enum(['email', 'uri', 'date', 'date-time']).optional(),
    default: z.string().optional(),
  });
  const numberSchema = obj({
    type: z.enum(['number', 'integer']),
    ...described,
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    default: z.number().optional(),
  });
  const booleanSchema = obj({ type: z.literal('boolean'), ...described, default: z.boolean().optional() });
  const untitledSingleSelect = obj({ type: z.literal('string'), ...described, enum: z.array(z.string()), default: z.string().optional() });
  const titledSingleSelect = obj({ type: z.literal('string'), ...described, oneOf: z.array(titledOption), default: z.string().optional() });
  const multiSelectFields = { minItems: integer().optional(), maxItems: integer().optional(), default: z.array(z.string()).optional() };
  const untitledMultiSelect = obj({
    type: z.literal('array'),
    ...described,
    ...multiSelectFields,
    items: obj({ type: z.literal('string'), enum: z.array(z.string()) }),
  });
  const titledMultiSelect = obj({
    type: z.literal('array'),
    ...described,
    ...multiSelectFields,
    items: obj({ anyOf: z.array(titledOption) }),
  });
  const legacyTitledEnum = obj({
    type: z.literal('string'),
    ...described,
    enum: z.array(z.string()),
    enumNames: z.array(z.string()).optional(),
    default: z.string().optional(),
  });
  const primitiveSchemaDefinition = z.union([
    stringSchema,
    numberSchema,
    booleanSchema,
    untitledSingleSelect,
    titledSingleSelect,
    untitledMultiSelect,
    titledMultiSelect,
    legacyTitledEnum,
  ]);
  const requestedSchema = obj({
    type: z.literal('object'),
    $schema: z.string().optional(),
    properties: z.record(z.string(), primitiveSchemaDefinition),
    required: z.array(z.string()).optional(),
  });
  return { primitiveSchemaDefinition, requestedSchema };
}

export function buildClientFeatures(c: Common, content: Content, entities: Entities, era: Era) {
  const { primitiveSchemaDefinition, requestedSchema } = buildRequestedSchema();
  const elicitFormParams = obj({
    mode: z.literal('form').optional(),
    message: z.string(),
    requestedSchema,
    _meta: c.meta,
  });
  const elicitUrlParams = obj({
    mode: z.literal('url'),
    message: z.string(),
    url: uri(),
    // 2025-11-25 correlated URL elicitations by id; 2026-07-28 removed it (state goes in requestState).
    ...(era === 'legacy' ? { elicitationId: z.string() } : {}),
    _meta: c.meta,
  });
  const elicitParams = z.union([elicitFormParams, elicitUrlParams]);
  const elicitResult = obj({
    action: z.enum(['accept', 'decline', 'cancel']),
    // schema.ts types these values string | number | boolean | string[]; schema.json narrows
    // numbers to integers, which is its generator's doing, so any number is accepted.
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
    _meta: c.meta,
  });

  const unitInterval = z.number().min(0).max(1).optional();
  const modelPreferences = obj({
    hints: z.array(obj({ name: z.string().optional() })).optional(),
    costPriority: unitInterval,
    speedPriority: unitInterval,
    intelligencePriority: unitInterval,
  });
  const samplingMessage = obj({ role: c.role, content: content.samplingContent, _meta: c.meta });
  const createMessageParams = obj({
    messages: z.array(samplingMessage),
    maxTokens: integer(),
    modelPreferences: modelPreferences.optional(),
    systemPrompt: z.string().optional(),
    includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
    temperature: z.number().optional(),
    stopSequences: z.array(z.string()).optional(),
    metadata: jsonObject().optional(),
    tools: z.array(entities.tool).optional(),
    toolChoice: obj({ mode: z.enum(['auto', 'required', 'none']).optional() }).optional(),
    _meta: c.meta,
  });
  const createMessageResult = obj({
    role: c.role,
    content: content.samplingContent,
    model: z.string(),
    stopReason: z.string().optional(),
    _meta: c.meta,
  });

  const listRootsParams = obj({ _meta: c.meta });
  const listRootsResult = obj({ roots: z.array(entities.root), _meta: c.meta });

  return {
    primitiveSchemaDefinition,
    requestedSchema,
    elicitFormParams,
    elicitUrlParams,
    elicitParams,
    elicitResult,
    modelPreferences,
    samplingMessage,
    createMessageParams,
    createMessageResult,
    listRootsParams,
    listRootsResult,
  };
}

export type ClientFeatures = ReturnType<typeof buildClientFeatures>;

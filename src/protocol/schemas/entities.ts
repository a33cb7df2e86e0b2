/** What servers list and describe: tools, resource templates, prompts, roots, capabilities. */
import { z } from 'zod';
import type { Era } from '../versions.js';
import { jsonObject, obj, uri, type Common } from './common.js';
import type { Content } from './content.js';

export function buildEntities(c: Common, content: Content, era: Era) {
  const toolAnnotations = obj({
    title: z.string().optional(),
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
    openWorldHint: z.boolean().optional(),
  });

  // 2026-07-28 (SEP-2106): inputSchema is any JSON Schema whose root is `type: "object"`;
  // outputSchema is any schema. 2025-06-18 and 2025-11-25 required `type: "object"` on
  // outputSchema too and every entry of `properties` to be an object.
  const legacySchemaFields = { properties: z.record(z.string(), jsonObject()).optional(), required: z.array(z.string()).optional() };
  const inputSchema = obj({
    type: z.literal('object'),
    $schema: z.string().optional(),
    ...(era === 'legacy' ? legacySchemaFields : {}),
  });
  const outputSchema =
    era === 'modern' ? obj({ $schema: z.string().optional() }) : obj({ type: z.literal('object'), $schema: z.string().optional(), ...legacySchemaFields });

  const tool = obj({
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    inputSchema,
    outputSchema: outputSchema.optional(),
    annotations: toolAnnotations.optional(),
    icons: c.icons,
    _meta: c.meta,
    // 2025-11-25 only (core tasks); gone in 2026-07-28, where it is just an unknown key.
    ...(era === 'legacy' ? { execution: obj({ taskSupport: z.enum(['forbidden', 'optional', 'required']).optional() }).optional() } : {}),
  });

  const resourceTemplate = obj({
    // `format: uri-template` (RFC 6570); any string is accepted here, as template syntax
    // errors are a lint matter, not a message-shape one.
    uriTemplate: z.string(),
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
    icons: c.icons,
    annotations: c.annotations.optional(),
    _meta: c.meta,
  });

  const promptArgument = obj({
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    required: z.boolean().optional(),
  });
  const prompt = obj({
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    arguments: z.array(promptArgument).optional(),
    icons: c.icons,
    _meta: c.meta,
  });
  const promptMessage = obj({ role: c.role, content: content.contentBlock });

  const root = obj({ uri: uri(), name: z.string().optional(), _meta: c.meta });

  const object = jsonObject().optional();
  const clientCapabilities = obj({
    experimental: z.record(z.string(), jsonObject()).optional(),
    // `roots.listChanged` is gone in 2026-07-28 (no notifications/roots/list_changed).
    roots: (era === 'modern' ? obj({}) : obj({ listChanged: z.boolean().optional() })).optional(),
    sampling: obj({ context: object, tools: object }).optional(),
    elicitation: obj({ form: object, url: object }).optional(),
    ...(era === 'modern' ? { extensions: z.record(z.string(), jsonObject()).optional() } : { tasks: object }),
  });
  const serverCapabilities = obj({
    experimental: z.record(z.string(), jsonObject()).optional(),
    logging: object,
    completions: object,
    prompts: obj({ listChanged: z.boolean().optional() }).optional(),
    resources: obj({ subscribe: z.boolean().optional(), listChanged: z.boolean().optional() }).optional(),
    tools: obj({ listChanged: z.boolean().optional() }).optional(),
    ...(era === 'modern' ? { extensions: z.record(z.string(), jsonObject()).optional() } : { tasks: object }),
  });

  return {
    toolAnnotations,
    tool,
    resourceTemplate,
    promptArgument,
    prompt,
    promptMessage,
    root,
    clientCapabilities,
    serverCapabilities,
  };
}

export type Entities = ReturnType<typeof buildEntities>;

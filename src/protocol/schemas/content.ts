/** Content blocks (tool results, prompt messages, sampling) and resource contents. */
import { z } from 'zod';
import type { Era } from '../versions.js';
import { base64, jsonObject, obj, uri, integer, type Common } from './common.js';

export function buildContent(c: Common, era: Era) {
  const textContent = obj({ type: z.literal('text'), text: z.string(), annotations: c.annotations.optional(), _meta: c.meta });
  const imageContent = obj({
    type: z.literal('image'),
    data: base64(),
    mimeType: z.string(),
    annotations: c.annotations.optional(),
    _meta: c.meta,
  });
  const audioContent = obj({
    type: z.literal('audio'),
    data: base64(),
    mimeType: z.string(),
    annotations: c.annotations.optional(),
    _meta: c.meta,
  });
  const resourceFields = {
    uri: uri(),
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
    size: integer().optional(),
    icons: c.icons,
    annotations: c.annotations.optional(),
    _meta: c.meta,
  };
  const resource = obj(resourceFields);
  const resourceLink = obj({ ...resourceFields, type: z.literal('resource_link') });
  const textResourceContents = obj({ uri: uri(), mimeType: z.string().optional(), text: z.string(), _meta: c.meta });
  const blobResourceContents = obj({ uri: uri(), mimeType: z.string().optional(), blob: base64(), _meta: c.meta });
  const resourceContents = z.union([textResourceContents, blobResourceContents]);
  const embeddedResource = obj({
    type: z.literal('resource'),
    resource: resourceContents,
    annotations: c.annotations.optional(),
    _meta: c.meta,
  });
  const contentBlock = z.discriminatedUnion('type', [textContent, imageContent, audioContent, resourceLink, embeddedResource]);

  // Sampling adds tool use and tool results (2025-11-25 onward).
  const toolUseContent = obj({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: jsonObject(),
    _meta: c.meta,
  });
  const toolResultContent = obj({
    type: z.literal('tool_result'),
    toolUseId: z.string(),
    content: z.array(contentBlock),
    // 2026-07-28 allows any JSON value; before, an object.
    structuredContent: (era === 'modern' ? z.unknown() : jsonObject()).optional(),
    isError: z.boolean().optional(),
    _meta: c.meta,
  });
  const samplingContentBlock = z.discriminatedUnion('type', [textContent, imageContent, audioContent, toolUseContent, toolResultContent]);
  const samplingContent = z.union([samplingContentBlock, z.array(samplingContentBlock)]);

  return {
    textContent,
    imageContent,
    audioContent,
    resource,
    resourceLink,
    textResourceContents,
    blobResourceContents,
    resourceContents,
    embeddedResource,
    contentBlock,
    toolUseContent,
    toolResultContent,
    samplingContentBlock,
    samplingContent,
  };
}

export type Content = ReturnType<typeof buildContent>;

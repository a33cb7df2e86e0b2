/** Sub-schemas under the spec's type names, for callers that validate a part of a message. */
import type { ZodType } from 'zod';
import type { Common } from './common.js';
import type { Content } from './content.js';
import type { Entities } from './entities.js';
import type { ClientFeatures } from './client-features.js';

/** Sub-schemas exposed under the spec's type names; the same names in both eras. */
export function sharedParts(c: Common, content: Content, entities: Entities, features: ClientFeatures): Record<string, ZodType> {
  return {
    RequestId: c.requestId,
    Implementation: c.implementation,
    TextContent: content.textContent,
    ImageContent: content.imageContent,
    AudioContent: content.audioContent,
    ResourceLink: content.resourceLink,
    EmbeddedResource: content.embeddedResource,
    ContentBlock: content.contentBlock,
    TextResourceContents: content.textResourceContents,
    BlobResourceContents: content.blobResourceContents,
    Resource: content.resource,
    ToolUseContent: content.toolUseContent,
    ToolResultContent: content.toolResultContent,
    SamplingMessageContentBlock: content.samplingContentBlock,
    Tool: entities.tool,
    ToolAnnotations: entities.toolAnnotations,
    ResourceTemplate: entities.resourceTemplate,
    Prompt: entities.prompt,
    PromptArgument: entities.promptArgument,
    PromptMessage: entities.promptMessage,
    Root: entities.root,
    ClientCapabilities: entities.clientCapabilities,
    ServerCapabilities: entities.serverCapabilities,
    PrimitiveSchemaDefinition: features.primitiveSchemaDefinition,
    ElicitRequestFormParams: features.elicitFormParams,
    ElicitRequestURLParams: features.elicitUrlParams,
    ElicitRequestParams: features.elicitParams,
    ElicitResult: features.elicitResult,
    ModelPreferences: features.modelPreferences,
    SamplingMessage: features.samplingMessage,
    CreateMessageRequestParams: features.createMessageParams,
    CreateMessageResult: features.createMessageResult,
    ListRootsResult: features.listRootsResult,
  };
}

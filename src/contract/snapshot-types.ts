/**
 * The contract snapshot file (`mcpvet snapshot -o contract.json TARGET`): the surface a server
 * offers its clients, in a form two versions of a server can be diffed on.
 */
import { z } from 'zod';
import type { Era } from '../protocol/versions.js';
import { parseJson } from '../wire/json-depth.js';

export const CONTRACT_FORMAT = 'mcpvet-contract';
export const CONTRACT_FORMAT_VERSION = 1;

/** A JSON Schema: an object, or `true`/`false` (2020-12 allows boolean schemas). */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** How the server answered a deliberately wrong request. */
export type ErrorClass =
  | { kind: 'protocol-error'; code: number }
  | { kind: 'tool-error' }
  /** The server answered as if nothing was wrong. */
  | { kind: 'none' };

/** The probes a snapshot may record; other keys are kept and diffed the same way. */
export const ERROR_PROBES = ['unknownTool', 'invalidArguments', 'unknownResource', 'unknownPrompt'] as const;
export type ErrorProbe = (typeof ERROR_PROBES)[number];

export interface ToolAnnotationsSnapshot {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface ToolSnapshot {
  name: string;
  title?: string;
  /** sha256 hex of the description; absent when the tool has no description. */
  descriptionHash?: string;
  /** The description itself, when the snapshot was taken with it. */
  description?: string;
  inputSchema: { [keyword: string]: unknown };
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotationsSnapshot;
}

export interface ResourceSnapshot {
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
}

export interface ResourceTemplateSnapshot {
  uriTemplate: string;
  name: string;
  title?: string;
  mimeType?: string;
}

export interface PromptSnapshot {
  name: string;
  title?: string;
  arguments: { name: string; required?: boolean }[];
}

export interface ContractSnapshot {
  format: typeof CONTRACT_FORMAT;
  formatVersion: typeof CONTRACT_FORMAT_VERSION;
  /** ISO 8601 time the snapshot was taken. */
  takenAt: string;
  /** The target in words, e.g. 'stdio: node build/index.js' (never secrets). */
  target: string;
  era: Era;
  /** The version the snapshot was taken with. */
  protocolVersion: string;
  /** Modern servers list these in server/discover; legacy servers only reveal the negotiated one. */
  supportedVersions?: string[];
  serverInfo?: { name?: string; title?: string; version?: string };
  capabilities: { [capability: string]: unknown };
  tools: ToolSnapshot[];
  resources: ResourceSnapshot[];
  resourceTemplates: ResourceTemplateSnapshot[];
  prompts: PromptSnapshot[];
  errorClasses: Partial<Record<ErrorProbe, ErrorClass>> & { [probe: string]: ErrorClass | undefined };
}

const jsonObject = z.record(z.string(), z.unknown());
const jsonSchema = z.union([z.boolean(), jsonObject]);

const errorClassSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('protocol-error'), code: z.number().int() }),
  z.object({ kind: z.literal('tool-error') }),
  z.object({ kind: z.literal('none') }),
]);

const toolSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  descriptionHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'expected a sha256 hex digest')
    .optional(),
  description: z.string().optional(),
  inputSchema: jsonObject,
  outputSchema: jsonSchema.optional(),
  annotations: z
    .looseObject({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
});

export const contractSnapshotSchema = z.object({
  format: z.literal(CONTRACT_FORMAT),
  formatVersion: z.literal(CONTRACT_FORMAT_VERSION),
  takenAt: z.string(),
  target: z.string(),
  era: z.enum(['modern', 'legacy']),
  protocolVersion: z.string(),
  supportedVersions: z.array(z.string()).optional(),
  serverInfo: z.object({ name: z.string().optional(), title: z.string().optional(), version: z.string().optional() }).optional(),
  capabilities: jsonObject,
  tools: z.array(toolSchema),
  resources: z.array(z.object({ uri: z.string(), name: z.string(), title: z.string().optional(), mimeType: z.string().optional() })),
  resourceTemplates: z.array(
    z.object({
      uriTemplate: z.string(),
      name: z.string(),
      title: z.string().optional(),
      mimeType: z.string().optional(),
    }),
  ),
  prompts: z.array(
    z.object({
      name: z.string(),
      title: z.string().optional(),
      arguments: z.array(z.object({ name: z.string(), required: z.boolean().optional() })),
    }),
  ),
  errorClasses: z.record(z.string(), errorClassSchema),
});

/** A file that is not a usable contract snapshot; the message is meant for the user as-is. */
export class ContractFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractFormatError';
  }
}

/** True when the value claims to be a contract snapshot (to tell snapshots from cassettes). */
export function looksLikeContractSnapshot(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === CONTRACT_FORMAT;
}

/** Checks a parsed JSON value; throws ContractFormatError naming `source` and every problem found. */
export function validateContractSnapshot(value: unknown, source = 'snapshot'): ContractSnapshot {
  if (!looksLikeContractSnapshot(value)) {
    const format = typeof value === 'object' && value !== null ? (value as { format?: unknown }).format : undefined;
    throw new ContractFormatError(
      `${source} is not an mcpvet contract snapshot (expected "format": "${CONTRACT_FORMAT}", ` +
        `found ${format === undefined ? 'no format field' : JSON.stringify(format)})`,
    );
  }
  const version = (value as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && version > CONTRACT_FORMAT_VERSION) {
    throw new ContractFormatError(
      `${source} was written by a newer mcpvet (formatVersion ${version}); this one reads formatVersion ${CONTRACT_FORMAT_VERSION}`,
    );
  }
  const parsed = contractSnapshotSchema.safeParse(value);
  if (parsed.success) return parsed.data as ContractSnapshot;
  const problems = parsed.error.issues.map((issue) => `  - ${formatPath(issue.path)}: ${plainMessage(issue.message)}`);
  throw new ContractFormatError(`${source} is not a valid contract snapshot:\n${problems.join('\n')}`);
}

/** Parses and checks the text of a snapshot file. */
export function parseContractSnapshot(text: string, source = 'snapshot'): ContractSnapshot {
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    throw new ContractFormatError(`${source} is not JSON: ${(error as Error).message}`);
  }
  return validateContractSnapshot(value, source);
}

/** zod's wording, said the way a person editing the JSON file thinks of it. */
function plainMessage(message: string): string {
  const missing = /^Invalid input: expected (\w+), received undefined$/.exec(message);
  if (missing) return `missing (expected ${missing[1] === 'record' ? 'object' : missing[1]})`;
  return message.replace(/^Invalid input: /, '').replace(/\brecord\b/g, 'object');
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

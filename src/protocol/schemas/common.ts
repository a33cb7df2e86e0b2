/**
 * Building blocks shared by every message schema, in both eras. Each `build*` function
 * creates its schemas when called, so importing this module costs nothing.
 */
import { z } from 'zod';

/** Objects accept unknown extra keys everywhere: MCP allows extension. */
export const obj = z.looseObject;

// JSON Schema "integer": any whole number (zod's .int() would also cap at 2^53).
export const integer = () => z.number().refine(Number.isInteger, { message: 'Invalid input: expected integer' });
export const nonNegativeInteger = () => z.number().refine((n) => Number.isInteger(n) && n >= 0, { message: 'Invalid input: expected integer >= 0' });

// The spec marks these strings with JSON Schema `format: uri`: an RFC 3986 URI, which
// needs a scheme. We check the scheme and the absence of characters a URI can never
// contain, and let non-ASCII through (IRIs are common in the wild).
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`\u0000-\u001f\u007f]*$/;
export const uri = () => z.string().regex(URI, { message: 'Invalid input: expected a URI with a scheme' });

// `format: byte`: standard base64 with padding (RFC 4648 §4).
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
export const base64 = () => z.string().regex(BASE64, { message: 'Invalid input: expected base64 data' });

/** Any JSON object (the spec's JSONObject / `{ [key: string]: unknown }`). */
// The official schema.json types JSONValue as string|integer|boolean|object|array, leaving
// out null and fractional numbers; that is an artefact of its generator (schema.ts says
// `JSONValue`, which includes both), so we accept every JSON value inside.
export const jsonObject = () => z.record(z.string(), z.unknown());

export function buildCommon() {
  const requestId = z.union([z.string(), integer()]);
  const role = z.enum(['user', 'assistant']);
  const icon = obj({
    src: uri(),
    mimeType: z.string().optional(),
    sizes: z.array(z.string()).optional(),
    theme: z.enum(['light', 'dark']).optional(),
  });
  const icons = z.array(icon).optional();
  const implementation = obj({
    name: z.string(),
    version: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    websiteUrl: uri().optional(),
    icons,
  });
  const annotations = obj({
    audience: z.array(role).optional(),
    priority: z.number().min(0).max(1).optional(),
    lastModified: z.string().optional(),
  });
  return {
    requestId,
    progressToken: z.union([z.string(), integer()]),
    role,
    icon,
    icons,
    implementation,
    annotations,
    loggingLevel: z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']),
    /** `_meta` where the spec puts no constraint on its keys. */
    meta: jsonObject().optional(),
  };
}

export type Common = ReturnType<typeof buildCommon>;

/** The schemas of one era, indexed the way the validator looks them up. */
import type { ZodType } from 'zod';
import type { Era } from '../versions.js';

export interface ParamsSchema {
  schema: ZodType;
  /** Whether the message must carry `params` at all. */
  required: boolean;
}

export interface SchemaSet {
  era: Era;
  /** Requests a client sends, by method. */
  clientRequests: ReadonlyMap<string, ParamsSchema>;
  /** Requests a server sends (legacy only: 2026-07-28 servers send none). */
  serverRequests: ReadonlyMap<string, ParamsSchema>;
  clientNotifications: ReadonlyMap<string, ParamsSchema>;
  serverNotifications: ReadonlyMap<string, ParamsSchema>;
  /** Final results of client requests, by the request's method. */
  results: ReadonlyMap<string, ZodType>;
  /** Results a client returns to server requests (legacy), by the request's method. */
  clientResults: ReadonlyMap<string, ZodType>;
  /** Params and result of a method this set does not know (e.g. an extension's). */
  anyParams: ZodType;
  anyResult: ZodType;
  /** The JSON-RPC error object. */
  errorObject: ZodType;
  /** Error objects of the codes whose `data` has a defined shape, by code. */
  errorsByCode: ReadonlyMap<number, ZodType>;
  /** 2026-07-28: the interim result of MRTR. */
  inputRequiredResult?: ZodType;
  /** 2026-07-28 with the tasks extension: `resultType: "task"`. */
  taskResult?: ZodType;
  /** Sub-schemas under the spec's type names (TextContent, Tool, ElicitResult, ...). */
  parts: ReadonlyMap<string, ZodType>;
}

export const params = (schema: ZodType, required = true): ParamsSchema => ({ schema, required });

export const table = <T>(entries: Record<string, T>): ReadonlyMap<string, T> => new Map(Object.entries(entries));

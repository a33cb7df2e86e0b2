/** JSON-RPC 2.0 message shapes and guards, as the protocol layer sees them. */

export type JsonObject = Record<string, unknown>;
export type RequestId = string | number;

export interface RequestMessage {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: JsonObject;
}

export interface NotificationMessage {
  jsonrpc: '2.0';
  method: string;
  params?: JsonObject;
}

export interface ResponseMessage {
  jsonrpc: '2.0';
  id: RequestId | null;
  result?: JsonObject;
  error?: { code: number; message: string; data?: unknown };
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRequest(value: unknown): value is RequestMessage {
  return isObject(value) && typeof value.method === 'string' && 'id' in value && value.id !== undefined;
}

export function isNotification(value: unknown): value is NotificationMessage {
  return isObject(value) && typeof value.method === 'string' && !('id' in value);
}

export function isResponse(value: unknown): value is ResponseMessage {
  return isObject(value) && typeof value.method !== 'string' && ('result' in value || 'error' in value);
}

/** Request ids: integers, never reused within a client. */
export class IdSequence {
  private next = 1;
  take(): number {
    return this.next++;
  }
}

/**
 * Arguments for prompts/get built from what a prompt declares: each required argument gets the
 * server's own first completion (when it offers completions) or else a plain string. Either is a
 * guess, which the checks say when a prompt cannot be rendered with them.
 */
import type { McpClient } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';

export const PLAIN_VALUE = 'example';

export interface BuiltPromptArguments {
  args: Record<string, string>;
  /** Where each value came from, for messages: "id=n1 (completion)". */
  sources: string[];
}

export const requiredArguments = (prompt: Record<string, unknown>): string[] =>
  (Array.isArray(prompt.arguments) ? prompt.arguments : [])
    .filter((argument): argument is Record<string, unknown> => isObject(argument) && argument.required === true && typeof argument.name === 'string')
    .map((argument) => argument.name as string);

export async function buildPromptArguments(client: McpClient, prompt: Record<string, unknown>): Promise<BuiltPromptArguments> {
  const canComplete = 'completions' in client.serverCapabilities;
  const args: Record<string, string> = {};
  const sources: string[] = [];
  for (const name of requiredArguments(prompt)) {
    const completed = canComplete ? await firstCompletion(client, String(prompt.name), name, args) : undefined;
    args[name] = completed ?? PLAIN_VALUE;
    sources.push(`${name}=${JSON.stringify(args[name])} (${completed === undefined ? 'plain string' : 'completion'})`);
  }
  return { args, sources };
}

async function firstCompletion(client: McpClient, prompt: string, argument: string, context: Record<string, string>): Promise<string | undefined> {
  const params: Record<string, unknown> = { ref: { type: 'ref/prompt', name: prompt }, argument: { name: argument, value: '' } };
  if (Object.keys(context).length > 0) params.context = { arguments: { ...context } };
  const outcome = await client.complete(params);
  const values = isObject(outcome.result) && isObject(outcome.result.completion) ? outcome.result.completion.values : undefined;
  return Array.isArray(values) && typeof values[0] === 'string' ? values[0] : undefined;
}

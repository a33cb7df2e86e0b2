/** Reads the `mcpServers` JSON format that MCP hosts and the Inspector use. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { Target } from '../wire/target.js';
import { usageError } from './cli-error.js';

const StdioEntry = z.object({
  type: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});

const HttpEntry = z.object({
  type: z.enum(['http', 'streamable-http', 'streamableHttp', 'sse']).optional(),
  url: z.string().url(),
  headers: z.record(z.string(), z.string()).optional(),
});

const ConfigFile = z.object({ mcpServers: z.record(z.string(), z.unknown()) });

export function targetFromConfig(
  file: string,
  name: string | undefined,
  overrides: { headers: Record<string, string>; env: Record<string, string>; cwd?: string },
): Target {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw usageError(`cannot read --config ${file}: ${(error as Error).message}`);
  }
  const config = ConfigFile.safeParse(json);
  if (!config.success) throw usageError(`--config ${file} has no "mcpServers" object`);
  const names = Object.keys(config.data.mcpServers);
  if (name === undefined) {
    if (names.length !== 1) throw usageError(`--config ${file} has ${names.length} servers (${names.join(', ')}): choose one with --server`);
    name = names[0] as string;
  }
  const entry = config.data.mcpServers[name];
  if (entry === undefined) throw usageError(`--config ${file} has no server "${name}" (it has: ${names.join(', ')})`);
  const http = HttpEntry.safeParse(entry);
  if (http.success) {
    if (http.data.type === 'sse') throw usageError(`server "${name}" uses the deprecated HTTP+SSE transport, which mcpvet does not support`);
    return { transport: 'http', url: http.data.url, headers: { ...http.data.headers, ...overrides.headers } };
  }
  const stdio = StdioEntry.safeParse(entry);
  if (!stdio.success) throw usageError(`server "${name}" in ${file} needs "command" (stdio) or "url" (HTTP)`);
  const cwd = overrides.cwd ?? (stdio.data.cwd ? resolve(dirname(file), stdio.data.cwd) : undefined);
  return { transport: 'stdio', command: stdio.data.command, args: stdio.data.args, env: { ...stdio.data.env, ...overrides.env }, cwd };
}

/** `mcpvet call`: one request, compatible with `inspector --cli`. Parsing and wiring only. */
import { connect } from '../client/connect.js';
import { loadHostScript, scriptedHost } from '../client/host.js';
import type { McpClient, RpcOutcome } from '../client/types.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import type { EraPreference } from '../protocol/versions.js';
import { CliError, EnvelopeCode, errorEnvelope, usageError } from './cli-error.js';
import { ExitCode, type ExitCodeValue } from './exit-codes.js';
import { printJson, printNote, printText } from './output.js';
import { resolveTarget, type TargetFlags } from './target-options.js';
import { parseToolArgs } from './tool-args.js';
import { CALL_METHODS } from './call-command.js';
import { recoverAuthorization, stepUpOf } from '../oauth/step-up.js';

export interface CallFlags extends TargetFlags {
  method?: (typeof CALL_METHODS)[number];
  toolName?: string;
  toolArg: string[];
  toolArgsJson?: string;
  uri?: string;
  promptName?: string;
  promptArgs: string[];
  ref?: string;
  argumentName?: string;
  argumentValue?: string;
  answers?: string;
  metadata: string[];
  logLevel?: string;
  toolMetadata: string[];
  format: 'json' | 'text';
  strict?: boolean;
}

export interface CallOutput {
  result: unknown;
  warnings: string[];
  exitCode: number;
  /** `--strict`: lint findings of the listed tools. */
  schemaFindings?: unknown[];
}

export async function runCall(positional: string[], flags: CallFlags, retried = false): Promise<number> {
  try {
    return await runCallOnce(positional, flags);
  } catch (error) {
    // A 401 or a 403 insufficient_scope: on a terminal, offer a login and run once more; else exit 3 naming what to run.
    const outcome = await recoverAuthorization(error, { timeoutMs: flags.timeout, storedAuthOnly: flags.storedAuthOnly, retried });
    if (outcome !== 'retry') throw outcome;
    return runCall(positional, flags, true);
  }
}

async function runCallOnce(positional: string[], flags: CallFlags): Promise<number> {
  requireMethodFlags(flags);
  const target = await resolveTarget(flags, positional);
  const host = flags.answers ? scriptedHost(loadHostScript(flags.answers)) : undefined;
  const meta = keyValues(flags.metadata, '--metadata');
  const client = await connect(target, { era: eraFor(flags), timeoutMs: flags.timeout, host, meta: Object.keys(meta).length > 0 ? meta : undefined });
  try {
    const output = await perform(client, flags);
    let exitCode = output.exitCode;
    let findingLines: string[] = [];
    if (flags.strict && flags.method === 'tools/list') {
      const { strictFindings } = await import('./strict.js');
      const strict = strictFindings(output.result);
      // As the Inspector does, the findings join the result in the one JSON document.
      if (strict.findings.length > 0) output.schemaFindings = strict.findings;
      findingLines = strict.lines;
      if (strict.hasErrors && exitCode === ExitCode.Ok) exitCode = ExitCode.StrictLint;
    }
    printResult(output, flags.format);
    for (const warning of output.warnings) printNote(`warning: ${warning}`);
    for (const line of findingLines) printNote(line);
    // The result is printed; a non-zero exit still ends stderr with the one-line envelope.
    if (exitCode === ExitCode.ToolError)
      process.stderr.write(errorEnvelope(new CliError(EnvelopeCode.ToolIsError, `tool "${flags.toolName}" returned isError: true`, exitCode)) + '\n');
    if (exitCode === ExitCode.StrictLint)
      process.stderr.write(
        errorEnvelope(new CliError(EnvelopeCode.SchemaUnportable, 'error-level lint findings in the listed tools (--strict)', exitCode)) + '\n',
      );
    return exitCode;
  } finally {
    await client.close();
  }
}

function requireMethodFlags(flags: CallFlags): void {
  if (flags.method === undefined) throw usageError(`--method is required (one of: ${CALL_METHODS.join(', ')})`);
  const need = (value: string | undefined, flag: string) => {
    if (value === undefined || value === '') throw usageError(`--method ${flags.method} needs ${flag}`);
  };
  if (flags.method === 'tools/call') need(flags.toolName, '--tool-name');
  if (flags.method === 'resources/read') need(flags.uri, '--uri');
  if (flags.method === 'prompts/get') need(flags.promptName, '--prompt-name');
  if (flags.method === 'completion/complete') {
    need(flags.ref, '--ref (prompt:NAME or resource:URI)');
    need(flags.argumentName, '--argument-name');
  }
  if (flags.method === 'logging/setLevel') need(flags.logLevel, '--log-level');
  if (flags.strict && flags.method !== 'tools/list') throw usageError('--strict applies to --method tools/list');
}

/**
 * `initialize` means the legacy handshake and `server/discover` the modern one, unless the era was
 * forced; `logging/setLevel` exists only in the legacy era (2026-07-28 removed it for a per-request
 * `_meta` log level).
 */
function eraFor(flags: CallFlags): EraPreference {
  if (flags.method === 'initialize' || flags.method === 'logging/setLevel') {
    if (flags.protocolEra === 'modern') throw usageError(`--method ${flags.method} is of the legacy era; it cannot be sent with --protocol-era modern`);
    return 'legacy';
  }
  if (flags.method === 'server/discover') {
    if (flags.protocolEra === 'legacy') throw usageError('--method server/discover is of the modern era; it cannot be sent with --protocol-era legacy');
    return 'modern';
  }
  return flags.protocolEra;
}

async function perform(client: McpClient, flags: CallFlags): Promise<CallOutput> {
  const done = (result: unknown, exitCode: number = ExitCode.Ok, warnings: string[] = []): CallOutput => ({ result, exitCode, warnings });
  const method = flags.method as NonNullable<CallFlags['method']>;
  switch (method) {
    case 'initialize':
    case 'server/discover':
      if (!client.handshake) throw new CliError(EnvelopeCode.ProtocolError, `${flags.method} got no result: ${client.eraReason}`, ExitCode.Usage);
      return done(client.handshake);
    case 'tools/list':
      return done({ tools: await client.listAll('tools/list') });
    case 'resources/list':
      return done({ resources: await client.listAll('resources/list') });
    case 'resources/templates/list':
      return done({ resourceTemplates: await client.listAll('resources/templates/list') });
    case 'prompts/list':
      return done({ prompts: await client.listAll('prompts/list') });
    case 'tools/call':
      return callTool(client, flags);
    case 'resources/read':
      return done(resultOf(await client.readResource(flags.uri as string), method, client));
    case 'prompts/get':
      return done(resultOf(await client.getPrompt(flags.promptName as string, keyValues(flags.promptArgs, '--prompt-args')), method, client));
    case 'completion/complete':
      return done(resultOf(await client.complete(completionParams(flags)), method, client));
    case 'logging/setLevel':
      return done(resultOf(await client.request('logging/setLevel', { level: flags.logLevel }), method, client));
  }
}

async function callTool(client: McpClient, flags: CallFlags): Promise<CallOutput> {
  const name = flags.toolName as string;
  // The listing gives the schema for --tool-arg coercion and tells an unknown tool from other errors.
  const tools = await client.listAll('tools/list').catch(() => undefined);
  const tool = tools?.find((candidate) => candidate.name === name);
  const args = parseToolArgs(flags.toolArg, flags.toolArgsJson, tool?.inputSchema);
  const toolMeta = keyValues(flags.toolMetadata, '--tool-metadata');
  const outcome = await client.callTool(name, args, Object.keys(toolMeta).length > 0 ? { meta: toolMeta } : {});
  throwStepUp(client, outcome);
  if (outcome.error) {
    const unknown = tools !== undefined && tool === undefined;
    throw new CliError(
      unknown ? EnvelopeCode.ToolError : EnvelopeCode.RpcError,
      unknown ? `unknown tool "${name}": ${outcome.error.message}` : `tools/call failed: ${outcome.error.message} (${outcome.error.code})`,
      unknown ? ExitCode.ToolError : exitForHttp(outcome),
    );
  }
  const result = resultOf(outcome, 'tools/call');
  const warnings: string[] = [];
  if (result.resultType === 'input_required') warnings.push('the server still requires input: give answers with --answers FILE');
  if (tool && isObject(tool.outputSchema) && 'structuredContent' in result) {
    // ajv is loaded only when there is an output to judge: it costs cold start otherwise.
    const { schemaProblems, unenforcedPatterns } = await import('../protocol/json-schema.js');
    for (const problem of schemaProblems(tool.outputSchema, result.structuredContent))
      warnings.push(`structuredContent does not match the tool's outputSchema: ${problem}`);
    for (const note of unenforcedPatterns(tool.outputSchema)) warnings.push(`outputSchema ${note}`);
  } else if (tool && isObject(tool.outputSchema) && !result.isError) {
    warnings.push('the tool declares an outputSchema but the result has no structuredContent');
  }
  return { result, warnings, exitCode: result.isError === true ? ExitCode.ToolError : ExitCode.Ok };
}

/** A 403 insufficient_scope is a step-up (src/oauth/step-up.ts), whatever the method. */
function throwStepUp(client: McpClient, outcome: RpcOutcome): void {
  if (outcome.http?.status !== 403 || client.target.transport !== 'http') return;
  const stepUp = stepUpOf(outcome.http, client.target.url);
  if (stepUp) throw stepUp;
}

function resultOf(outcome: RpcOutcome, method: string, client?: McpClient): JsonObject {
  if (client) throwStepUp(client, outcome);
  if (outcome.error)
    throw new CliError(EnvelopeCode.RpcError, `${method} failed: ${outcome.error.message} (${outcome.error.code})`, exitForHttp(outcome), {
      status: outcome.http?.status,
    });
  if (!outcome.result)
    throw new CliError(
      EnvelopeCode.ProtocolError,
      `${method}: the server sent no result${outcome.http ? ` (HTTP ${outcome.http.status})` : ''}`,
      exitForHttp(outcome),
      { status: outcome.http?.status },
    );
  return outcome.result;
}

function exitForHttp(outcome: RpcOutcome): ExitCodeValue {
  const status = outcome.http?.status;
  return status === 401 || status === 403 ? ExitCode.AuthRequired : ExitCode.Usage;
}

/** key=value flags as an object of strings (prompt arguments, metadata). */
function keyValues(pairs: string[], flag: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw usageError(`${flag} takes key=value, not "${pair}"`);
    values[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return values;
}

function completionParams(flags: CallFlags): JsonObject {
  const ref = flags.ref as string;
  const colon = ref.indexOf(':');
  const kind = ref.slice(0, colon);
  const value = ref.slice(colon + 1);
  if (colon <= 0 || (kind !== 'prompt' && kind !== 'resource')) throw usageError(`--ref takes prompt:NAME or resource:URI, not "${ref}"`);
  return {
    ref: kind === 'prompt' ? { type: 'ref/prompt', name: value } : { type: 'ref/resource', uri: value },
    argument: { name: flags.argumentName, value: flags.argumentValue ?? '' },
  };
}

function printResult(output: CallOutput, format: 'json' | 'text'): void {
  if (format === 'json') {
    const document: JsonObject = { result: output.result };
    if (output.warnings.length > 0) document.warnings = output.warnings;
    if (output.schemaFindings) document.schemaFindings = output.schemaFindings;
    printJson(JSON.stringify(document, null, 2) + '\n');
    return;
  }
  // Text is for a terminal: server text gets its control characters escaped.
  const result = output.result;
  if (isObject(result) && Array.isArray(result.content)) {
    for (const block of result.content) printText((isObject(block) && block.type === 'text' ? String(block.text) : JSON.stringify(block, null, 2)) + '\n');
    if (result.isError) printText('(the tool reported an error)\n');
    return;
  }
  printText(JSON.stringify(result, null, 2) + '\n');
}

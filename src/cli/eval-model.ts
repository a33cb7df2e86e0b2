/** `mcpvet eval model`: serves the scripted model until Ctrl-C or SIGTERM. Parsing and wiring only. */
import { loadScript, ScriptError, type ScriptedModelScript } from '../eval/scripted/script.js';
import { startScriptedModel } from '../eval/scripted/server.js';
import { usageError } from './cli-error.js';
import { printNote } from './output.js';

export interface EvalModelFlags {
  script?: string;
  lexical?: boolean;
  port?: number;
}

export async function runEvalModel(flags: EvalModelFlags): Promise<number> {
  let script: ScriptedModelScript | undefined;
  if (flags.script !== undefined) {
    try {
      script = await loadScript(flags.script);
    } catch (error) {
      throw error instanceof ScriptError ? usageError(error.message) : error;
    }
  }
  const port = flags.port ?? 0;
  let model;
  try {
    model = await startScriptedModel({ script, lexical: flags.lexical, port });
  } catch (error) {
    throw usageError(`cannot listen on 127.0.0.1:${port}: ${(error as Error).message}`);
  }
  printNote(`mcpvet eval model: listening on ${model.url} (${mode(flags)})`);
  printNote(`  OpenAI chat completions: mcpvet eval TASKS.yaml --model openai-compatible:scripted --base-url ${model.openaiBaseUrl} -- SERVER`);
  printNote(`  Anthropic Messages:      mcpvet eval TASKS.yaml --model anthropic:scripted --base-url anthropic:scripted=${model.anthropicBaseUrl} -- SERVER`);
  printNote('  Stop it with Ctrl-C.');
  // The CLI's own signal handler exits right after this one: close the listener first.
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.prependOnceListener(signal, () => resolve());
  });
  await model.close();
  return 0;
}

function mode(flags: EvalModelFlags): string {
  if (flags.script === undefined) return 'lexical policy for every task';
  return `replies from ${flags.script}${flags.lexical ? '; lexical policy where no rule matches' : ''}`;
}

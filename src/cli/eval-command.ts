/** Flags of `mcpvet eval` and its subcommands; the runners are imported only when a command runs. */
import type { Command } from 'commander';
import { formatHelp } from '../report/formats.js';
import { defineEvalCompareCommand } from './eval-compare-command.js';
import { defineEvalInitCommand } from './eval-init-command.js';
import { defineEvalModelCommand } from './eval-model-command.js';
import { addTargetOptions, collect } from './target-options.js';

export function defineEvalCommand(program: Command): void {
  const evalCommand = addTargetOptions(
    program
      .command('eval')
      .description('run tasks through real models and the server tools, with pass rates over repeated runs (exit 2 when a task is under its threshold)')
      .argument('<tasks>', 'the tasks file (YAML); `mcpvet eval init` writes a starter')
      .argument('[server...]', 'stdio server command (put it after --)')
      .option('--model <provider:name>', 'openai:NAME, anthropic:NAME or openai-compatible:NAME (repeatable: a matrix)', collect)
      .option(
        '--base-url <url>',
        'URL of the openai-compatible: models (vLLM, Ollama, LM Studio, gateways, `mcpvet eval model`); MODEL=URL for one model of any provider (repeatable)',
        collect,
      )
      .option('--runs <n>', 'runs of each task (default: the tasks file, else 5)')
      .option('--concurrency <n>', 'runs at once (default: the tasks file, else 4)')
      .option('--max-turns <n>', 'model turns a run may take (default: the tasks file, else 10)')
      .option('--run-timeout <duration>', 'time one run may take, e.g. 60s, 2m (default: the tasks file, else 60s)')
      .option('--threshold <rate>', 'pass rate a task must reach, 0 to 1 (default: the tasks file, else 0.8)')
      .option('--until-confident', "stop a task's runs once its 95 % interval lies wholly above or below the threshold")
      .option('--task <id>', 'run only this task (repeatable)', collect)
      .option('--tag <tag>', 'run only tasks with this tag (repeatable)', collect)
      .option('--shard <i/n>', 'run the i-th of n parts of the tasks, by id (a CI matrix; join the JSON reports with `mcpvet report merge`)')
      .option('--variants <file>', 'YAML of tool description variants: each is run on the same tasks')
      .option('--save <file>', 'save the run (model replies and tool results) for --replay')
      .option('--replay <file>', 're-run a saved run offline: no server, no model')
      .option('--expected-failures <file>', 'YAML list of task ids (or task@model) expected to miss their threshold (a baseline)')
      .option('--price <in/out>', 'USD per million input/output tokens, e.g. 0.15/0.60, for a cost column')
      .option('--format <formats>', formatHelp('eval', true), 'console')
      .option('-o, --output <path>', 'write the report to this file (one format) or into this folder (report.json, junit.xml, report.md, report.html)')
      .option('-q, --quiet', 'no progress on stderr')
      .option('--no-color', 'no colors in console output'),
  );
  evalCommand.action(async (tasks: string, server: string[], flags) => {
    const { runEvalCommand } = await import('./eval.js');
    process.exitCode = await runEvalCommand(tasks, server, flags);
  });
  defineEvalInitCommand(evalCommand);
  defineEvalCompareCommand(evalCommand);
  defineEvalModelCommand(evalCommand);
}

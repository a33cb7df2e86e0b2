/** Every shell command, in the order `help` shows them. */
import { callCommand } from './call.js';
import { discoverCommand, eraCommand, reconnectCommand } from './connection.js';
import { helpCommand } from './help.js';
import { promptsCommand, resourcesCommand, toolsCommand } from './lists.js';
import { completeCommand, promptCommand, readCommand } from './resources.js';
import { traceCommand } from './trace.js';
import type { ShellCommand } from './types.js';

export const COMMANDS: readonly ShellCommand[] = [
  toolsCommand,
  callCommand,
  resourcesCommand,
  readCommand,
  promptsCommand,
  promptCommand,
  completeCommand,
  discoverCommand,
  traceCommand,
  eraCommand,
  reconnectCommand,
  helpCommand,
];

/** Names that leave the shell. */
export const EXIT_WORDS = ['exit', 'quit'];

/** Flags of `mcpvet eval model`; the runner is imported only when the command runs. */
import type { Command } from 'commander';

export function defineEvalModelCommand(_evalCommand: Command): void {}

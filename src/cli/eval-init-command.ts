/** Flags of `mcpvet eval init`; the runner is imported only when the command runs. */
import type { Command } from 'commander';

export function defineEvalInitCommand(_evalCommand: Command): void {}

/** Flags of `mcpvet eval compare`; the runner is imported only when the command runs. */
import type { Command } from 'commander';

export function defineEvalCompareCommand(_evalCommand: Command): void {}

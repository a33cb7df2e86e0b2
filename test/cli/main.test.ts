import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run.js';

describe('mcpvet', () => {
  it('alone prints the commands on stderr and exits 1', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Commands:');
    expect(result.stdout).toBe('');
  });

  it('--help prints on stdout and exits 0; --version prints the version', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/call .*check .*lint .*record .*replay .*proxy .*snapshot .*diff .*verify/s);
    const version = await runCli(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('an unknown command is a one-line usage error, never a stack trace', async () => {
    const result = await runCli(['nosuch']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("mcpvet: unknown command 'nosuch'");
  });
});

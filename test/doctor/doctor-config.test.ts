/** `mcpvet doctor --config FILE --server NAME`: the config items, and bad input as one line with an exit code. */
import { chmodSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';
import { doctor, failed, itemOf } from './helpers.js';

const files = tempFiles('mcpvet-doctor-config');
const config = (name: string, servers: Record<string, unknown>) => files.file(name, JSON.stringify({ mcpServers: servers }, null, 2));

describe('mcpvet doctor --config', () => {
  it('a healthy entry: every config item ✓, then the start and era items, exit 0', async () => {
    const file = config('healthy.json', { notes: { command: process.execPath, args: [NOTES_SERVER] }, other: { url: 'http://127.0.0.1:9/mcp' } });
    const { run, json } = await doctor(['--config', file, '--server', 'notes']);
    expect(failed(json), run.stdout).toEqual([]);
    expect(json.items.slice(0, 4).map((entry) => [entry.id, entry.status])).toEqual([
      ['config.syntax', 'pass'],
      ['config.entry', 'pass'],
      ['config.command', 'pass'],
      ['config.paths', 'pass'],
    ]);
    expect(itemOf(json, 'config.syntax').evidence).toContain('2 server(s)');
    expect(itemOf(json, 'config.command').evidence).toContain('absolute path');
    expect(itemOf(json, 'start.host-env').status).toBe('pass');
    expect(run.code).toBe(0);
  });

  it('a variable missing from the entry: the fix names the entry\'s "env" in that file', async () => {
    config('needs-env.json', { notes: { command: process.execPath, args: [fixture('doctor-needs-env')] } });
    // Run from the config's folder: a temp folder's random name can look like a token to the redactor.
    const { run, json } = await doctor(['--config', 'needs-env.json', '--server', 'notes'], { env: { NOTES_TOKEN: 'from-the-shell-1234' }, cwd: files.dir });
    const host = itemOf(json, 'start.host-env');
    expect(host.status, run.stdout).toBe('fail');
    expect(host.evidence).toContain('NOTES_TOKEN is not passed');
    expect(host.fix).toBe('add "NOTES_TOKEN": "…" to the "env" of server "notes" in needs-env.json');
    expect(run.stdout).not.toContain('from-the-shell-1234');
  });

  it("the variable in the entry's env: start.host-env ✓, and its value never printed", async () => {
    const file = config('has-env.json', {
      notes: { command: process.execPath, args: [fixture('doctor-needs-env')], env: { NOTES_TOKEN: 'configured-secret-5678' } },
    });
    const { run, json } = await doctor(['--config', file]);
    expect(itemOf(json, 'start.host-env').status, run.stdout).toBe('pass');
    expect(itemOf(json, 'config.entry').evidence).toContain('env: NOTES_TOKEN');
    expect(run.stdout).not.toContain('configured-secret-5678');
  });

  it('relative paths in args, env and cwd: config.paths warns', async () => {
    const file = config('relative.json', {
      notes: { command: 'node', args: ['./build/index.js', '--data=data/notes.json', 'server.py', '@scope/package', '-y'], env: { NOTES_DIR: '~/notes' } },
    });
    const { json } = await doctor(['--config', file, '--timeout', '3000']);
    const paths = itemOf(json, 'config.paths');
    expect(paths.status).toBe('warn');
    expect(paths.evidence).toContain('args[0] "./build/index.js"');
    expect(paths.evidence).toContain('args[1] "--data=data/notes.json"');
    expect(paths.evidence).toContain('args[2] "server.py"');
    expect(paths.evidence).not.toContain('@scope/package');
    expect(paths.evidence).not.toContain('"-y"');
    expect(paths.evidence).toContain('env.NOTES_DIR');
  });

  it('a command found on no PATH: config.command ✗', async () => {
    const file = config('no-command.json', { notes: { command: 'mcpvet-doctor-no-such-command', args: [] } });
    const { run, json } = await doctor(['--config', file, '--timeout', '3000']);
    const command = itemOf(json, 'config.command');
    expect(command.status).toBe('fail');
    expect(command.evidence).toContain('is not found on PATH');
    expect(run.code).toBe(2);
  });

  it('an absolute command that is not executable: config.command ✗ names the permission', async () => {
    const script = files.file('server.sh', '#!/bin/sh\nexec true\n');
    chmodSync(script, 0o644);
    const file = config('not-executable.json', { notes: { command: script } });
    const { json } = await doctor(['--config', file, '--timeout', '3000']);
    const command = itemOf(json, 'config.command');
    expect(command.status).toBe('fail');
    expect(command.evidence).toContain('is not executable (permissions)');
    expect(command.fix).toContain('chmod +x');
  });

  it('an entry of the wrong shape: config.entry ✗ says what is wrong, nothing is started', async () => {
    const file = config('shape.json', { notes: { command: 'node', args: ['server.js', 3], env: { PORT: 8080 } } });
    const { run, json } = await doctor(['--config', file]);
    const entry = itemOf(json, 'config.entry');
    expect(entry.status).toBe('fail');
    expect(entry.evidence).toContain('args[1] must be a string, not 3');
    expect(entry.evidence).toContain('env.PORT must be a string');
    expect(entry.evidence).toContain('env.PORT must be a string (hosts pass env values as text), not a number');
    expect(entry.evidence).not.toContain('8080');
    expect(json.items.map((item) => item.id)).toEqual(['config.syntax', 'config.entry']);
    expect(run.code).toBe(2);
  });

  it('a missing config file: one line, exit 1', async () => {
    const run = await runCli(['doctor', '--config', `${files.dir}/absent.json`]);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`mcpvet: --config ${files.dir}/absent.json: no such file\n`);
    expect(run.code).toBe(1);
  });

  it('bad JSON: one line with line:column, exit 1', async () => {
    const file = files.file('bad.json', '{\n  "mcpServers": {\n    "notes": { "command": "node", }\n  }\n}\n');
    const run = await runCli(['doctor', '--config', file]);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`^mcpvet: --config ${file}:3:35 invalid JSON: `));
    expect(run.code).toBe(1);
  });

  it('several servers and no --server: one line naming them, exit 1', async () => {
    const file = config('two.json', { a: { command: 'node' }, b: { url: 'http://127.0.0.1:9/mcp' } });
    const run = await runCli(['doctor', '--config', file]);
    expect(run.stderr).toBe(`mcpvet: --config ${file} has 2 servers (a, b): choose one with --server\n`);
    expect(run.code).toBe(1);
  });

  it('no target at all: the usage line, exit 1; --help names the exit codes', async () => {
    const run = await runCli(['doctor']);
    expect(run.stderr).toContain('no server given');
    expect(run.code).toBe(1);
    const help = await runCli(['doctor', '--help']);
    expect(help.stdout).toContain('0 when no item failed (✗), 2 when one did');
  });
});

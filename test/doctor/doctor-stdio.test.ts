/** `mcpvet doctor` against real stdio servers: the example server, and fixtures that each break one item. */
import { chmodSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';
import { doctor, failed, itemOf, processesMarked, spawnMarker } from './helpers.js';

const node = process.execPath;

describe('mcpvet doctor over stdio', () => {
  it('the example server: every item ✓ and exit 0, nothing left running', async () => {
    const marker = spawnMarker();
    const { run, json } = await doctor(['--', node, NOTES_SERVER], { env: marker });
    expect(failed(json), run.stdout).toEqual([]);
    expect(
      json.items.every((entry) => entry.status === 'pass'),
      run.stdout,
    ).toBe(true);
    expect(json.items.map((entry) => entry.id)).toEqual([
      'start.user-shell',
      'start.host-env',
      'stdout.only-messages',
      'start.time',
      'stdout.exits-on-eof',
      'era.discover',
      'era.initialize',
      'era.versions',
      'era.request',
    ]);
    expect(itemOf(json, 'era.versions').evidence).toContain('2026-07-28');
    expect(json.ok).toBe(true);
    expect(run.code).toBe(0);
    expect(processesMarked(marker)).toEqual([]);
  });

  it('the console form: ✓ per item, a summary, and the log hint', async () => {
    const run = await runCli(['doctor', '--', node, NOTES_SERVER], { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^✓ start\.host-env {2}started in \/ /m);
    expect(run.stdout).toContain('9 ✓, 0 ✗');
    expect(run.stdout).toContain('Where hosts keep MCP logs on this OS');
  });

  it('a relative path that breaks under /: start.host-env ✗ names ./data.json and the working directory', async () => {
    const { dir } = tempFiles('mcpvet-doctor-cwd');
    writeFileSync(`${dir}/data.json`, '{}');
    const { run, json } = await doctor(['--', node, fixture('doctor-reads-relative-file')], { cwd: dir });
    expect(itemOf(json, 'start.user-shell').status).toBe('pass');
    const host = itemOf(json, 'start.host-env');
    expect(host.status, run.stdout).toBe('fail');
    expect(host.evidence).toContain('it reads "./data.json" relative to its working directory');
    expect(host.evidence).toContain(`started in ${dir} it works`);
    expect(host.fix).toContain(`${dir}/data.json`);
    expect(run.code).toBe(2);
  });

  it('the same server started where data.json is found by a host too: start.host-env ✓', async () => {
    const { dir } = tempFiles('mcpvet-doctor-cwd');
    writeFileSync(`${dir}/data.json`, '{}');
    const { json } = await doctor(['--cwd', dir, '--', node, fixture('doctor-reads-relative-file')]);
    expect(itemOf(json, 'start.host-env').status).toBe('pass');
  });

  it('a variable the shell has but a host does not pass: start.host-env ✗ names NOTES_TOKEN, never its value', async () => {
    const secret = 'notes-token-value-7f3a9c';
    const { run, json } = await doctor(['--', node, fixture('doctor-needs-env')], { env: { NOTES_TOKEN: secret } });
    expect(itemOf(json, 'start.user-shell').status).toBe('pass');
    const host = itemOf(json, 'start.host-env');
    expect(host.status, run.stdout).toBe('fail');
    expect(host.evidence).toContain('the host start fails because NOTES_TOKEN is not passed');
    expect(host.fix).toContain('add "NOTES_TOKEN"');
    expect(host.fix).toContain('"env"');
    expect(run.stdout + run.stderr).not.toContain(secret);
    expect(run.code).toBe(2);
  });

  it('the variable given in the env (-e): start.host-env ✓', async () => {
    const { json } = await doctor(['-e', 'NOTES_TOKEN=given-in-config', '--', node, fixture('doctor-needs-env')]);
    expect(itemOf(json, 'start.host-env').status).toBe('pass');
  });

  it('a variable the error does not name: doctor finds it by starting the server with half of the rest, then names it', async () => {
    const { run, json } = await doctor(['--', node, fixture('doctor-needs-env-unnamed')], { env: { NOTES_REGION: 'eu-west-region' } });
    const host = itemOf(json, 'start.host-env');
    expect(host.status, run.stdout).toBe('fail');
    expect(host.evidence).toContain('the host start fails because NOTES_REGION is not passed');
    expect(host.fix).toContain('add "NOTES_REGION"');
  });

  it('a command that is not executable: start ✗ names the permission and the fix', async () => {
    const { file } = tempFiles('mcpvet-doctor-perm');
    const script = file('server.sh', '#!/bin/sh\nexec true\n');
    chmodSync(script, 0o644);
    const { json } = await doctor(['--', script]);
    const user = itemOf(json, 'start.user-shell');
    expect(user.status).toBe('fail');
    expect(user.evidence).toContain('EACCES');
    expect(user.fix).toContain('not executable');
  });

  it('a server that never answers: start ✗ says it answered neither request, within the timeout, and is reaped', async () => {
    const marker = spawnMarker();
    const { run, json } = await doctor(['--timeout', '1500', '--', node, fixture('silent-server')], { env: marker });
    expect(itemOf(json, 'start.host-env').evidence).toContain('answered neither server/discover nor initialize (no answer within 1500 ms)');
    expect(run.ms).toBeLessThan(20_000);
    expect(processesMarked(marker)).toEqual([]);
  });

  it('a server that logs to stdout: stdout.only-messages ✗ shows the first offending lines', async () => {
    const { run, json } = await doctor(['--', node, fixture('polluting-server')]);
    const stdout = itemOf(json, 'stdout.only-messages');
    expect(stdout.status, run.stdout).toBe('fail');
    expect(stdout.evidence).toContain('Notes server v1 starting...');
    expect(stdout.details).toEqual(['Notes server v1 starting...', '{"status":"ready"}']);
    expect(stdout.fix).toContain('stderr');
    expect(failed(json)).toEqual(['stdout.only-messages']);
    expect(run.code).toBe(2);
  });

  it('a server that crashes at start: both starts ✗ with its stderr tail, the other items skipped', async () => {
    const { run, json } = await doctor(['--', node, fixture('doctor-crashes-at-start')]);
    const host = itemOf(json, 'start.host-env');
    expect(host.status).toBe('fail');
    expect(host.evidence).toContain('it fails from your shell too');
    expect(host.evidence).toContain('exited at start (exit code 1)');
    expect(host.evidence).toContain('Error: plugin registry is corrupt');
    expect(host.details?.[0]).toContain('plugin registry is corrupt');
    expect(itemOf(json, 'start.user-shell').status).toBe('fail');
    expect(itemOf(json, 'stdout.only-messages').status).toBe('skip');
    expect(run.code).toBe(2);
  });

  it('a crash that prints a credential from your shell: the value never reaches the report', async () => {
    const secret = 'hunter2-on-tuesdays';
    const { run, json } = await doctor(['--', node, fixture('doctor-crashes-at-start')], { env: { DOCTOR_TEST_API_KEY: secret } });
    const user = itemOf(json, 'start.user-shell');
    expect(user.status).toBe('fail');
    expect(user.evidence).toMatch(/plugin registry is corrupt: unexpected byte 0x00 at offset 12 \(key (?!none)/);
    expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it('a command that does not exist: start ✗ says it could not be started', async () => {
    const { json } = await doctor(['--', '/nonexistent/mcpvet-doctor-server']);
    const user = itemOf(json, 'start.user-shell');
    expect(user.status).toBe('fail');
    expect(user.evidence).toContain('could not be started');
    expect(user.evidence).toContain('ENOENT');
  });

  it('a modern-only server reached with a legacy request: initialize refused, the versions it supports named', async () => {
    const { run, json } = await doctor(['--protocol-era', 'legacy', '--', node, NOTES_SERVER, '--era', 'modern']);
    const initialize = itemOf(json, 'era.initialize');
    expect(initialize.status, run.stdout).toBe('fail');
    expect(initialize.evidence).toContain('initialize (offered 2025-11-25) was refused');
    expect(initialize.evidence).toContain('the server supports only 2026-07-28');
    const versions = itemOf(json, 'era.versions');
    expect(versions.status).toBe('fail');
    expect(versions.evidence).toContain('no version in common: the server supports only 2026-07-28');
    expect(run.code).toBe(2);
  });

  it('the same modern-only server for a host of either era: initialize only warned, the versions shared', async () => {
    const { run, json } = await doctor(['--', node, NOTES_SERVER, '--era', 'modern']);
    expect(itemOf(json, 'era.initialize').status).toBe('warn');
    expect(itemOf(json, 'era.versions').status).toBe('pass');
    expect(run.code, run.stdout).toBe(0);
  });

  it('a server that requires a _meta key beyond the required ones: era.request ✗ names the key', async () => {
    const { run, json } = await doctor(['--', node, fixture('doctor-requires-client-info')]);
    expect(itemOf(json, 'era.discover').status).toBe('pass');
    const request = itemOf(json, 'era.request');
    expect(request.status, run.stdout).toBe('fail');
    expect(request.evidence).toContain('for lack of the _meta key io.modelcontextprotocol/clientInfo');
    expect(request.fix).toContain('must not require io.modelcontextprotocol/clientInfo');
    expect(run.code).toBe(2);
  });
});

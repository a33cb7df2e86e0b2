import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTasksFile } from '../../src/eval/tasks-file.js';
import { exampleHttpServer } from '../helpers/check.js';
import { CLI, NOTES_SERVER } from '../helpers/paths.js';
import { runCli, runProcess } from '../helpers/run.js';

const NOTES_TOOLS = ['add_note', 'get_note', 'list_notes', 'search_notes', 'delete_note', 'export_notes', 'toggle_extras', 'count_words', 'build_index'];
const tempDir = () => mkdtempSync(join(tmpdir(), 'mcpvet-eval-init-'));

/** Every commented task uncommented (the per-tool comment lines stay comments). */
const uncommented = (text: string) => text.replace(/^ {2}# (?=- | {2})/gm, '  ');

describe('mcpvet eval init', () => {
  it('writes tasks.yaml from the example server over stdio: valid as written, a commented task per tool', async () => {
    const dir = tempDir();
    const result = await runProcess(process.execPath, [CLI, 'eval', 'init', '--', process.execPath, NOTES_SERVER], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Wrote tasks.yaml: one example task and 9 commented task(s)');
    const file = join(dir, 'tasks.yaml');
    const suite = loadTasksFile(file);
    expect(suite.tasks).toEqual([
      {
        id: 'example-list-notes',
        prompt: 'Lists the ids, titles and tags of all notes.',
        tags: [],
        holdout: false,
        expect: { toolCalls: [{ name: 'list_notes' }] },
      },
    ]);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('from the 9 tool(s) of notes-server');
    for (const tool of NOTES_TOOLS) expect(text).toMatch(new RegExp(`^ {2}# ${tool}: `, 'm'));
    const all = join(dir, 'all.yaml');
    writeFileSync(all, uncommented(text));
    const every = loadTasksFile(all);
    expect(every.tasks.slice(1).map((task) => task.expect.toolCalls?.[0]?.name)).toEqual(NOTES_TOOLS);
    expect(every.tasks.find((task) => task.id === 'get-note')?.expect.toolCalls).toEqual([{ name: 'get_note', arguments: { subset: { id: 'TODO' } } }]);
  });

  const url = exampleHttpServer();
  it('works against an HTTP server (--url), writing where -o says', async () => {
    const file = join(tempDir(), 'notes-tasks.yaml');
    const result = await runCli(['eval', 'init', '--url', url(), '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(loadTasksFile(file).tasks[0]?.id).toBe('example-list-notes');
    expect(readFileSync(file, 'utf8')).toContain(`mcpvet eval ${file} --model`);
  });

  // Paths relative to a temporary cwd: the error redaction may mask a random temporary directory name.
  const inDir = (dir: string, args: string[]) => runProcess(process.execPath, [CLI, ...args], { cwd: dir });

  it('refuses to overwrite an existing file without --force, and overwrites with it', async () => {
    const dir = tempDir();
    const file = join(dir, 'tasks.yaml');
    writeFileSync(file, 'my tasks\n');
    const refused = await inDir(dir, ['eval', 'init', '--', process.execPath, NOTES_SERVER]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('mcpvet: tasks.yaml already exists: give --force to overwrite it, or -o to write another file\n');
    expect(readFileSync(file, 'utf8')).toBe('my tasks\n');
    const forced = await inDir(dir, ['eval', 'init', '--force', '--', process.execPath, NOTES_SERVER]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(loadTasksFile(file).tasks).toHaveLength(1);
  });

  it('without a server: one usage line, exit 1, no file', async () => {
    const dir = tempDir();
    const result = await inDir(dir, ['eval', 'init']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('mcpvet: no server given: pass a command after --, or --url, or --config with --server\n');
    expect(() => readFileSync(join(dir, 'tasks.yaml'))).toThrow(/ENOENT/);
  });

  it('an unwritable path is one clear line', async () => {
    const result = await inDir(tempDir(), ['eval', 'init', '-o', 'no-such-dir/tasks.yaml', '--', process.execPath, NOTES_SERVER]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('mcpvet: cannot write no-such-dir/tasks.yaml: ENOENT\n');
  });
});

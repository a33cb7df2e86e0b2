/** The pure pieces of doctor that a Linux run cannot reach end to end: other platforms' host environments, another PATH. */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DARWIN_GUI_PATH, hostEnvironment, hostWorkingDirectory } from '../../src/doctor/host-env.js';
import { commandItem, jsonErrorPosition, looksRelativePath } from '../../src/doctor/items/config.js';
import { tempFiles } from '../helpers/temp-files.js';

const user = { HOME: '/home/ann', PATH: '/opt/node/bin:/usr/bin', USER: 'ann', NOTES_TOKEN: 'x', APPDATA: 'C:\\Users\\ann\\AppData', BASH_FUNC: '() { :; }' };

describe('doctor pieces', () => {
  it("a host passes only the short list of variables: on macOS with launchd's PATH, on Windows its own list", () => {
    expect(hostEnvironment(user, 'linux')).toEqual({ HOME: '/home/ann', PATH: '/opt/node/bin:/usr/bin', USER: 'ann' });
    expect(hostEnvironment(user, 'darwin')).toEqual({ HOME: '/home/ann', PATH: DARWIN_GUI_PATH, USER: 'ann' });
    expect(hostEnvironment(user, 'win32')).toEqual({ APPDATA: 'C:\\Users\\ann\\AppData', PATH: '/opt/node/bin:/usr/bin' });
    expect(hostWorkingDirectory('/home/ann/project')).toBe('/');
    expect(hostWorkingDirectory('/')).not.toBe('/');
  });

  it("config.command: found on your PATH but not on the host's is ✗ with the absolute path as the fix", () => {
    const { dir } = tempFiles('mcpvet-doctor-path');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const { file } = tempFiles('mcpvet-doctor-path');
    const tool = file('notes-mcp', '#!/bin/sh\n');
    chmodSync(tool, 0o755);
    const toolDir = tool.slice(0, tool.lastIndexOf('/'));
    const item = commandItem('notes-mcp', `${bin}:${toolDir}`, DARWIN_GUI_PATH);
    expect(item.status).toBe('fail');
    expect(item.evidence).toContain('found on your PATH');
    expect(item.evidence).toContain('not on the PATH a host has');
    expect(item.fix).toBe(`give "command" as the absolute path "${tool}"`);
    expect(commandItem('notes-mcp', toolDir, toolDir).status).toBe('pass');
    expect(commandItem('./notes-mcp', toolDir, toolDir).status).toBe('warn');
  });

  it('a JSON error position is a line and a column', () => {
    const text = '{\n  "a": 1,\n}';
    let error: Error | undefined;
    try {
      JSON.parse(text);
    } catch (caught) {
      error = caught as Error;
    }
    expect(jsonErrorPosition(text, error as Error)).toEqual({ line: 3, column: 1 });
    expect(jsonErrorPosition('{"a":', new Error('Unexpected end of JSON input'))).toEqual({ line: 1, column: 6 });
  });

  it('what reads as a relative path', () => {
    for (const path of ['./x', '../x', '~/notes', 'data/notes.json', 'server.py', '--db=./notes.db']) expect(looksRelativePath(path), path).toBe(true);
    for (const path of ['/abs/x.js', '-y', '@modelcontextprotocol/server-filesystem', 'https://example.com/a.json', 'stdio', '--port=3000'])
      expect(looksRelativePath(path), path).toBe(false);
  });
});

/** The one list of formats: every reporting command's --format comes from it, and parsing is shared. */
import { describe, expect, it } from 'vitest';
import { COMMAND_FORMATS, FORMATS, parseFormatList, type ReportingCommand } from '../../src/report/formats.js';
import { runCli } from '../helpers/run.js';

describe('the format list', () => {
  it('every format a command writes is a known format with a file name or stdout', () => {
    for (const formats of Object.values(COMMAND_FORMATS)) for (const format of formats) expect(Object.keys(FORMATS)).toContain(format);
    expect(COMMAND_FORMATS.eval).not.toContain('sarif');
  });

  it('parses comma lists once each, resolves "text", and names the first unknown', () => {
    expect(parseFormatList('check', 'json, junit,json')).toEqual({ formats: ['json', 'junit'] });
    expect(parseFormatList('lint', 'text')).toEqual({ formats: ['console'] });
    expect(parseFormatList('eval', 'json,sarif').unknown).toBe('sarif');
    expect(parseFormatList('check', ' , ').unknown).toBe(' , ');
  });

  for (const command of Object.keys(COMMAND_FORMATS) as ReportingCommand[]) {
    it(`${command} --help lists exactly its formats`, async () => {
      const run = await runCli([...command.split(' '), '--help']);
      expect(run.code).toBe(0);
      const line = run.stdout.replace(/\s+/g, ' ').match(/--format <formats?> (.*?)(\(|\s--|$)/)?.[1];
      expect(line?.trim().replace(/\s*\(default.*$/, '')).toBe(COMMAND_FORMATS[command].join(', '));
    });
  }
});

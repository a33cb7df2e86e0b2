import { describe, it } from 'vitest';
import { expectCheck, fixtureStdio, notesStdio } from '../helpers/check.js';

describe('lint suite', () => {
  it('lint.no-errors passes on the example server', () => expectCheck('lint.no-errors', notesStdio(), 'pass'));
  it('lint.no-errors fails on a tool whose inputSchema is not an object schema', () => expectCheck('lint.no-errors', fixtureStdio('lint-broken-schema'), 'fail'));
  it('lint.no-warnings passes on the example server', () => expectCheck('lint.no-warnings', notesStdio(), 'pass'));
  it('lint.no-warnings warns on a draft-07 schema', () => expectCheck('lint.no-warnings', fixtureStdio('lint-draft07-schema'), 'warn'));
});

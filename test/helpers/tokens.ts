/** Bearer tokens for the notes server's `--auth` mode, minted as its authorization server would. */
import { mintToken } from '../../examples/notes-server/auth.js';

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

export interface NotesTokens {
  /** Every scope: what the run carries (--header). */
  full: string;
  otherAudience: string;
  expired: string;
  /** notes:read only: add_note, delete_note and export_notes are out of reach. */
  lowScope: string;
  /** notes:read plus notes:export: what the 403 for export_notes (the one tool the low-scope run may call) names. */
  stepUp: string;
  /** The scope `notes` only, which implies notes:read, notes:write and notes:export. */
  broadScope: string;
  /** Every scope, another subject. */
  otherUser: string;
}

export function notesTokens(endpoint: string): NotesTokens {
  const base = { sub: 'alice', aud: endpoint, scope: 'notes', exp: now() + HOUR };
  return {
    full: mintToken(base),
    otherAudience: mintToken({ ...base, aud: 'http://127.0.0.1:1/other-mcp' }),
    expired: mintToken({ ...base, exp: now() - HOUR }),
    lowScope: mintToken({ ...base, scope: 'notes:read' }),
    stepUp: mintToken({ ...base, scope: 'notes:read notes:export' }),
    broadScope: mintToken({ ...base, scope: 'notes' }),
    otherUser: mintToken({ ...base, sub: 'bob' }),
  };
}

export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

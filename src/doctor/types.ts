/** The result model of `mcpvet doctor`: a checklist of items, each with its evidence and its fix. */

/** ✓ pass, ✗ fail (the cause is named), ! warn (works, but a host may trip on it), - skip (did not apply or could not run). */
export type ItemStatus = 'pass' | 'fail' | 'warn' | 'skip';

export interface DoctorItem {
  /** Stable and dotted: `config.syntax`, `start.host-env`, `era.versions`, `http.auth`... */
  id: string;
  title: string;
  status: ItemStatus;
  /** What was seen, in one sentence; a failed item names its cause plainly. */
  evidence: string;
  /** What to do about it (failed and warned items). */
  fix?: string;
  /** HTTP: a curl command that reproduces the request the evidence is about. */
  curl?: string;
  /** Supporting lines (a stderr tail, the first offending stdout lines). */
  details?: string[];
}

export interface LogHint {
  host: string;
  where: string;
}

export interface DoctorReport {
  target: string;
  transport: 'stdio' | 'http';
  platform: NodeJS.Platform;
  items: DoctorItem[];
  /** Where the common hosts keep their MCP logs on this OS: a hint, not a check. */
  logHints: LogHint[];
}

export const item = (id: string, title: string, status: ItemStatus, evidence: string, extra: Partial<DoctorItem> = {}): DoctorItem => ({
  id,
  title,
  status,
  evidence,
  ...extra,
});

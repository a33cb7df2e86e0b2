/** The cassette engine: its file format, redaction, matching, recording and replay, for the library and the CLI. */
export { parseCassette, readCassette, CassetteFormatError, CASSETTE_FORMAT, CASSETTE_VERSION } from '../relay/cassette-format.js';
export type { Cassette, CassetteHeader, CassetteFrame, Redaction } from '../relay/cassette-format.js';
export { Redactor, type RedactorOptions } from './redact.js';
export { MATCH_MODES, type MatchMode } from './match.js';
export { NOT_RECORDED_CODE } from './replay.js';
export { parseScript, type ScriptStep } from './script.js';

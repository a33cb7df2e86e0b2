/** Changes to what a server says about itself: protocol versions, capabilities, identity, error classes. */
import { formatPath, type ContractChange } from './change.js';
import { jsonEqual, showValue } from './canonical-json.js';
import type { ContractSnapshot, ErrorClass } from './snapshot-types.js';

/**
 * Versions a client can speak to the server with. A legacy snapshot only saw the negotiated
 * version, so it stands for the whole set there.
 */
function versionsOf(snapshot: ContractSnapshot): string[] {
  return snapshot.supportedVersions ?? [snapshot.protocolVersion];
}

export function diffProtocol(before: ContractSnapshot, after: ContractSnapshot): ContractChange[] {
  const changes: ContractChange[] = [];
  const subject = 'protocol';
  const oldVersions = versionsOf(before);
  const newVersions = versionsOf(after);
  let dropped = false;
  if (before.supportedVersions === undefined && after.supportedVersions === undefined) {
    // Two legacy snapshots: each shows only the newest version the server agreed to.
    if (before.protocolVersion !== after.protocolVersion) {
      dropped = after.protocolVersion < before.protocolVersion;
      changes.push({
        kind: dropped ? 'breaking' : 'compatible',
        subject,
        path: 'protocolVersion',
        message: dropped
          ? `protocol version ${before.protocolVersion} dropped (server now negotiates ${after.protocolVersion})`
          : `server now negotiates protocol version ${after.protocolVersion} (was ${before.protocolVersion})`,
      });
    }
  } else {
    for (const version of oldVersions) {
      if (newVersions.includes(version)) continue;
      dropped = true;
      changes.push({ kind: 'breaking', subject, path: 'supportedVersions', message: `protocol version ${version} dropped` });
    }
    for (const version of newVersions) {
      if (!oldVersions.includes(version))
        changes.push({ kind: 'compatible', subject, path: 'supportedVersions', message: `protocol version ${version} added` });
    }
  }
  if (before.era !== after.era) {
    changes.push({
      kind: dropped ? 'breaking' : 'compatible',
      subject,
      path: 'era',
      message: `era changed from ${before.era} to ${after.era}`,
    });
  }
  return changes;
}

export function diffServerInfo(before: ContractSnapshot, after: ContractSnapshot): ContractChange[] {
  // The version is expected to change between snapshots and is shown in report headers instead.
  const changes: ContractChange[] = [];
  for (const key of ['name', 'title'] as const) {
    const oldValue = before.serverInfo?.[key];
    const newValue = after.serverInfo?.[key];
    if (oldValue !== newValue && oldValue !== undefined)
      changes.push({
        kind: 'cosmetic',
        subject: 'server',
        path: formatPath(['serverInfo', key]),
        message: `${key} changed from ${showValue(oldValue)} to ${showValue(newValue)}`,
      });
  }
  return changes;
}

/**
 * Capabilities are walked as a tree: a key that was there (or true) and is gone (or false) is a
 * feature removed; a new key is a feature added; any other value change is reported as compatible.
 */
export function diffCapabilities(before: Record<string, unknown>, after: Record<string, unknown>): ContractChange[] {
  const changes: ContractChange[] = [];
  walkCapabilities(before, after, ['capabilities'], changes);
  return changes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function walkCapabilities(before: Record<string, unknown>, after: Record<string, unknown>, path: string[], changes: ContractChange[]): void {
  const name = (key: string) => [...path.slice(1), key].join('.');
  const push = (kind: ContractChange['kind'], key: string, message: string) =>
    changes.push({ kind, subject: 'capabilities', path: formatPath([...path, key]), message });
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const oldValue = before[key];
    const newValue = after[key];
    if (jsonEqual(oldValue, newValue)) continue;
    if (oldValue === undefined) push('compatible', key, `capability ${name(key)} added`);
    else if (newValue === undefined) push(oldValue === false ? 'compatible' : 'breaking', key, `capability ${name(key)} removed`);
    else if (isRecord(oldValue) && isRecord(newValue)) walkCapabilities(oldValue, newValue, [...path, key], changes);
    else if (oldValue === true && newValue === false) push('breaking', key, `capability ${name(key)} turned off`);
    else if (oldValue === false && newValue === true) push('compatible', key, `capability ${name(key)} turned on`);
    else push('compatible', key, `capability ${name(key)} changed from ${showValue(oldValue)} to ${showValue(newValue)}`);
  }
}

function describeErrorClass(errorClass: ErrorClass): string {
  switch (errorClass.kind) {
    case 'protocol-error':
      return `JSON-RPC error ${errorClass.code}`;
    case 'tool-error':
      return 'a tool result with isError: true';
    case 'none':
      return 'no error';
  }
}

const PROBE_WORDS: Record<string, string> = {
  unknownTool: 'an unknown tool',
  invalidArguments: 'invalid tool arguments',
  unknownResource: 'an unknown resource',
  unknownPrompt: 'an unknown prompt',
};

/** Clients branch on how errors arrive, so any change of class is breaking. Unobserved probes are skipped. */
export function diffErrorClasses(before: ContractSnapshot['errorClasses'], after: ContractSnapshot['errorClasses']): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const probe of Object.keys(before)) {
    const oldClass = before[probe];
    const newClass = after[probe];
    if (oldClass === undefined || newClass === undefined || jsonEqual(oldClass, newClass)) continue;
    changes.push({
      kind: 'breaking',
      subject: 'errors',
      path: formatPath(['errorClasses', probe]),
      message: `${PROBE_WORDS[probe] ?? probe} now gives ${describeErrorClass(newClass)} (was ${describeErrorClass(oldClass)})`,
    });
  }
  return changes;
}

/**
 * The frames the trace viewer shows. A RunReport carries no trace of the whole run, only each
 * check's evidence frames, so these are those, deduplicated (checks share the run's connection).
 * Each frame names the trace (connection) it was added to; for frames that do not (a report
 * written before they did), evidence items that share a frame or an HTTP session come from the
 * same connection, so connections are the groups of items linked by those (union-find).
 */
import type { CheckResult } from '../../check/types.js';
import type { Frame } from '../../wire/trace.js';
import { TextBudget } from './budget.js';
import { idKeyOf, methodOf, prettyOf } from './frame-view.js';

/** Frames the viewer carries at most (those of findings first); the JSON report has all. */
export const MAX_TRACE_FRAMES = 3000;
/** Headers shown per frame at most. */
const MAX_HEADERS = 40;

export interface TraceFrame {
  /** Index of the connection in `connections`. */
  c: number;
  seq: number;
  /** Milliseconds since that connection's trace began. */
  t: number;
  d: Frame['direction'];
  k: Frame['kind'];
  /** The method of the request this frame is, or answers. */
  m?: string;
  /** HTTP: method, url, status, headers. */
  hm?: string;
  u?: string;
  s?: number;
  h?: Array<[string, string]>;
  raw: string;
  /** Pretty JSON, only when `raw` was cut (otherwise the script pretty-prints `raw`). */
  p?: string;
  /** Ids of the checks whose evidence holds this frame. */
  checks: string[];
}

export interface TraceData {
  connections: string[];
  checks: string[];
  frames: TraceFrame[];
  /** Evidence frames left out to bound the page. */
  omitted: number;
}

const keyOf = (frame: Frame) => `${frame.connection ?? ''}|${frame.seq}|${frame.time}|${frame.direction}|${frame.raw.length}|${frame.raw.slice(0, 200)}`;

class Groups {
  private readonly parent: number[] = [];
  add(): number {
    this.parent.push(this.parent.length);
    return this.parent.length - 1;
  }
  find(i: number): number {
    while (this.parent[i] !== i) i = this.parent[i] = this.parent[this.parent[i]!]!;
    return i;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}

interface Collected {
  frame: Frame;
  item: number;
  checks: Set<string>;
}

export function traceData(results: readonly CheckResult[], budget = new TextBudget(3_000_000)): TraceData {
  const byKey = new Map<string, Collected>();
  const groups = new Groups();
  // An HTTP session id names one connection too.
  const bySession = new Map<string, number>();
  const byConnection = new Map<number, number>();
  let omitted = 0;
  for (const result of results)
    for (const evidence of result.evidence) {
      const item = groups.add();
      for (const frame of evidence.frames ?? []) {
        if (frame.connection !== undefined) {
          const other = byConnection.get(frame.connection);
          if (other === undefined) byConnection.set(frame.connection, item);
          else groups.union(item, other);
        }
        const session = frame.http?.headers['mcp-session-id'];
        if (session !== undefined) {
          const other = bySession.get(session);
          if (other === undefined) bySession.set(session, item);
          else groups.union(item, other);
        }
        const key = keyOf(frame);
        const seen = byKey.get(key);
        if (seen) {
          groups.union(item, seen.item);
          seen.checks.add(result.id);
        } else if (byKey.size >= MAX_TRACE_FRAMES) omitted++;
        else byKey.set(key, { frame, item, checks: new Set([result.id]) });
      }
    }
  const collected = [...byKey.values()];
  // Connections numbered in order of first appearance; frames by connection, then seq.
  const index = new Map<number, number>();
  for (const entry of collected) {
    const root = groups.find(entry.item);
    if (!index.has(root)) index.set(root, index.size);
  }
  const connOf = (entry: Collected) => index.get(groups.find(entry.item))!;
  collected.sort((a, b) => connOf(a) - connOf(b) || a.frame.seq - b.frame.seq);
  const methods = requestMethods(collected, connOf);
  const connections = [...index.keys()].map((_, i) =>
    connectionLabel(
      i,
      collected.filter((e) => connOf(e) === i).map((e) => e.frame),
    ),
  );
  const frames = collected.map((entry): TraceFrame => {
    const { frame } = entry;
    const c = connOf(entry);
    const raw = budget.take(frame.raw);
    const cut = raw !== frame.raw || frame.truncated === true;
    const m = methodOf(frame) ?? methods.get(answerKey(c, frame));
    return {
      c,
      seq: frame.seq,
      t: Math.round(frame.time * 10) / 10,
      d: frame.direction,
      k: frame.kind,
      ...(m !== undefined ? { m } : {}),
      ...(frame.http
        ? {
            hm: frame.http.method,
            u: budget.take(frame.http.url, 2000),
            ...(frame.http.status !== undefined ? { s: frame.http.status } : {}),
            h: Object.entries(frame.http.headers)
              .slice(0, MAX_HEADERS)
              .map(([name, value]): [string, string] => [name, budget.take(value, 2000)]),
          }
        : {}),
      raw,
      ...(cut && frame.message !== undefined ? { p: prettyOf(frame, budget) } : {}),
      checks: [...entry.checks].sort(),
    };
  });
  const checks = [...new Set(frames.flatMap((f) => f.checks))].sort();
  return { connections, checks, frames, omitted };
}

/** A response's key: its HTTP exchange, or its JSON-RPC id, on its connection. */
function answerKey(connection: number, frame: Frame): string {
  return frame.http ? `${connection}|x${frame.http.exchange}` : `${connection}|${idKeyOf(frame)}`;
}

/** The method of each request, by the key its answers carry. */
function requestMethods(collected: readonly Collected[], connOf: (entry: Collected) => number): Map<string, string> {
  const methods = new Map<string, string>();
  for (const entry of collected) {
    const method = methodOf(entry.frame);
    if (method === undefined || entry.frame.direction !== 'send') continue;
    const c = connOf(entry);
    if (entry.frame.http) methods.set(`${c}|x${entry.frame.http.exchange}`, method);
    const id = idKeyOf(entry.frame);
    if (id !== undefined) methods.set(`${c}|${id}`, method);
  }
  return methods;
}

/** `#1`, with the HTTP host and session when frames say (a replica shows as another host). */
function connectionLabel(i: number, frames: readonly Frame[]): string {
  const http = frames.find((f) => f.http)?.http;
  const session = frames.map((f) => f.http?.headers['mcp-session-id']).find((v) => v !== undefined);
  let host = '';
  if (http) {
    try {
      host = new URL(http.url).host;
    } catch {
      host = '';
    }
  }
  return [`#${i + 1}`, host, session ? `session ${session.slice(0, 12)}` : ''].filter(Boolean).join(' ');
}

/**
 * Notes and spent requestState nonces, in memory or in a JSON file shared by several processes.
 * With bearer auth a note belongs to the identity that added it: `as(principal)` is the store as
 * that caller sees it (the seeded notes, which have no owner, and its own), so another caller's
 * note is "not found" by id as well as absent from lists. An id is a name, not a capability.
 */
import { readFileSync, writeFileSync, renameSync } from 'node:fs';

export interface Note {
  id: string;
  title: string;
  body: string;
  tags: string[];
}

/** A note as stored: with the subject of the token that added it, when there was one (never shown). */
interface StoredNote extends Note {
  owner?: string;
}

interface StoreData {
  nextId: number;
  notes: StoredNote[];
  /** nonce -> expiry (ms since epoch); kept until expiry so a replay is recognised. */
  usedNonces: Record<string, number>;
}

export interface NoteStore {
  list(): Note[];
  get(id: string): Note | undefined;
  add(fields: Omit<Note, 'id'>): Note;
  delete(id: string): boolean;
  /** Marks a nonce as spent; false if it already was (a replay). */
  spendNonce(nonce: string, expiresAt: number): boolean;
  isNonceSpent(nonce: string): boolean;
  /** The store as `principal` sees it (undefined: no auth, every note). */
  as(principal: string | undefined): NoteStore;
}

/** Deterministic seed so tests, cassettes and snapshots see the same data every time. */
export function seedData(): StoreData {
  return {
    nextId: 4,
    notes: [
      { id: 'n1', title: 'Welcome', body: 'This is the notes server of mcpvet.', tags: ['intro'] },
      { id: 'n2', title: 'Groceries', body: 'Milk, eggs, bread.', tags: ['home', 'todo'] },
      { id: 'n3', title: 'Meeting notes', body: 'Discussed the MCP 2026-07-28 migration.', tags: ['work'] },
    ],
    usedNonces: {},
  };
}

export function createStore(dataFile?: string): NoteStore {
  let memory = seedData();
  // A file is re-read before and written after every operation so processes sharing it agree.
  const load = (): StoreData => {
    if (!dataFile) return memory;
    try {
      return JSON.parse(readFileSync(dataFile, 'utf8')) as StoreData;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return seedData();
      throw err;
    }
  };
  const save = (data: StoreData): void => {
    const now = Date.now();
    for (const [nonce, expiry] of Object.entries(data.usedNonces)) if (expiry < now) delete data.usedNonces[nonce];
    if (!dataFile) {
      memory = data;
      return;
    }
    const tmp = `${dataFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(data, null, 2));
    renameSync(tmp, dataFile); // atomic: a reader never sees half a file
  };

  const strip = ({ owner: _, ...note }: StoredNote): Note => ({ ...note, tags: [...note.tags] });
  const view = (principal: string | undefined): NoteStore => {
    const visible = (note: StoredNote) => principal === undefined || note.owner === undefined || note.owner === principal;
    return {
      list: () => load().notes.filter(visible).map(strip),
      get: (id) => {
        const note = load().notes.find((n) => n.id === id && visible(n));
        return note && strip(note);
      },
      add(fields) {
        const data = load();
        const note: StoredNote = { id: `n${data.nextId}`, ...fields, tags: [...fields.tags], ...(principal === undefined ? {} : { owner: principal }) };
        data.nextId += 1;
        data.notes.push(note);
        save(data);
        return strip(note);
      },
      delete(id) {
        const data = load();
        const before = data.notes.length;
        data.notes = data.notes.filter((n) => n.id !== id || !visible(n));
        if (data.notes.length === before) return false;
        save(data);
        return true;
      },
      spendNonce(nonce, expiresAt) {
        const data = load();
        if (nonce in data.usedNonces) return false;
        data.usedNonces[nonce] = expiresAt;
        save(data);
        return true;
      },
      isNonceSpent: (nonce) => nonce in load().usedNonces,
      as: view,
    };
  };
  return view(undefined);
}

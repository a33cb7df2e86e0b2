/**
 * Tool-call ids that carry a conversation's rule and outcome. The server keeps no session: a later
 * request of the same conversation sends the earlier tool calls back, and their ids say which
 * outcome it drew, however many conversations run at once.
 */

/** `r{rule}_o{outcome}_t{turn}_{index}`; each protocol puts its own prefix before it. */
export function ruleCallTag(rule: number, outcome: number, turn: number, index: number): string {
  return `r${rule}_o${outcome}_t${turn}_${index}`;
}

/** Calls of the lexical policy carry no outcome. */
export function lexicalCallTag(turn: number, index: number): string {
  return `lx_t${turn}_${index}`;
}

const TAGGED = /(?:^|_)r(\d+)_o(\d+)_t\d+_\d+$/;

/** The rule and outcome of the first id that carries them. */
export function recoverOutcome(ids: string[]): { rule: number; outcome: number } | undefined {
  for (const id of ids) {
    const match = TAGGED.exec(id);
    if (match) return { rule: Number(match[1]), outcome: Number(match[2]) };
  }
  return undefined;
}

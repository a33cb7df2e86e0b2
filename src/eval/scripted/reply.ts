/**
 * What the scripted model says next in a conversation: the first rule whose match holds for the
 * task picks the replies (the outcome of a rule with `outcomes` drawn in turn per conversation,
 * and recovered from the tool-call ids afterwards); no rule, the fallback (lexical or an answer).
 */
import { lexicalCallTag, recoverOutcome, ruleCallTag } from './call-ids.js';
import type { Conversation, ToolView } from './conversation.js';
import { lexicalReply } from './lexical.js';
import { type CompiledReply, type CompiledScript, fillAnswer } from './script.js';

export interface ModelToolCall {
  /** Without the protocol's prefix (call_, toolu_). */
  tag: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type ModelReply = { type: 'text'; text: string } | { type: 'tool-calls'; calls: ModelToolCall[] };

/** When the replies of a rule run out: its last answer, else this. */
const EXHAUSTED_ANSWER = 'done';

export class ScriptedPolicy {
  /** Per rule, how many conversations drew an outcome so far. */
  private readonly draws: number[];

  constructor(private readonly script: CompiledScript) {
    this.draws = script.rules.map(() => 0);
  }

  reply(conversation: Conversation): ModelReply {
    const ruleIndex = this.script.rules.findIndex((rule) => rule.test(conversation.firstUserText));
    if (ruleIndex === -1) {
      if (this.script.fallback === 'lexical') return lexicalReply(conversation, lexicalCallTag);
      return { type: 'text', text: fillAnswer(this.script.fallback.answer, conversation.lastToolResult) };
    }
    const rule = this.script.rules[ruleIndex]!;
    const outcome = this.outcomeOf(ruleIndex, conversation);
    const replies = rule.outcomes[outcome]!;
    const next = replies[conversation.turn];
    if (next === undefined) return { type: 'text', text: exhaustedAnswer(replies, conversation.lastToolResult) };
    if (next.type === 'answer') return { type: 'text', text: fillAnswer(next.answer, conversation.lastToolResult) };
    return {
      type: 'tool-calls',
      calls: next.calls.map((call, index) => ({
        tag: ruleCallTag(ruleIndex, outcome, conversation.turn, index),
        name: offeredName(call.tool, conversation.tools),
        arguments: call.arguments,
      })),
    };
  }

  /** The outcome this conversation drew earlier (from its tool-call ids), else the next one of the rule. */
  private outcomeOf(ruleIndex: number, conversation: Conversation): number {
    const count = this.script.rules[ruleIndex]!.outcomes.length;
    const recovered = recoverOutcome(conversation.toolCallIds);
    if (recovered && recovered.rule === ruleIndex && recovered.outcome < count) return recovered.outcome;
    const drawn = this.draws[ruleIndex]! % count;
    this.draws[ruleIndex]! += 1;
    return drawn;
  }
}

/** A policy without a script: lexical for everything. */
export function lexicalPolicy(): ScriptedPolicy {
  return new ScriptedPolicy({ rules: [], fallback: 'lexical' });
}

function exhaustedAnswer(replies: CompiledReply[], lastToolResult: string | undefined): string {
  const answers = replies.filter((reply) => reply.type === 'answer');
  const last = answers[answers.length - 1];
  return last ? fillAnswer(last.answer, lastToolResult) : EXHAUSTED_ANSWER;
}

/**
 * The name the request offers for a script's tool name: the same, else the same once made
 * provider-safe (`notes.search` offered as `notes_search`). A tool not offered is still called
 * by its script name: that is how a script makes a wrong call.
 */
export function offeredName(scriptName: string, tools: ToolView[]): string {
  if (tools.some((tool) => tool.name === scriptName)) return scriptName;
  const safe = providerSafe(scriptName);
  return tools.find((tool) => providerSafe(tool.name) === safe)?.name ?? scriptName;
}

function providerSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

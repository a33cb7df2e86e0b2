/**
 * Tool poisoning in text a server gives the model (tool, prompt and resource metadata, server
 * instructions, tool results): instructions aimed at the model, requests to leak data, orders to
 * other tools, invisible characters, encoded payloads, overlong descriptions. Pure text analysis.
 *
 * Precision first: ordinary tool docs ("returns the contents of the file", "Important:", "do not
 * use for X", "use list_notes first") must never match, so every pattern needs the malicious part
 * itself (a hidden tag, an override, an order to hide, a secret file together with a verb that
 * moves it). The server controls the text: every pattern has bounded repetition only (no nested
 * quantifiers), and at most MAX_SCANNED characters of a text are scanned.
 */
import type { PoisonRule, PoisonSpan } from './poison-span.js';
import { decodeTags, displayQuote, findConfusable, findInvisible } from './unicode.js';

export type { PoisonRule, PoisonSpan } from './poison-span.js';
export { displayQuote } from './unicode.js';

/** Characters of one text scanned: far beyond any honest description, small enough to scan in milliseconds. */
export const MAX_SCANNED = 64_000;

/**
 * A description longer than this is reported (a note, SEC-POISON-OVERLONG). About 2,500 tokens,
 * several printed pages: nobody reviewing a tool before allowing it reads that much, and the part
 * not read is where an injection hides. The longest description of 319 real tools measured for
 * the benign corpus (test/security/benign-corpus.test.ts) is about 5,200 characters, so honest
 * servers stay well under it.
 */
export const OVERLONG_CHARS = 10_000;

export interface ScanOptions {
  /**
   * `name`: invisible and confusable characters only; `description`: everything, length too;
   * `text` (resource text, tool results): a document, read more strictly (see findInstructions),
   * neither length nor confusables.
   */
  kind: 'name' | 'description' | 'text';
  /**
   * Names of the server's tools: orders given to them are shadowing. Pass one array for all the
   * texts of a run (its name set is built once per array); `self` is left out.
   */
  otherTools?: readonly string[];
  /** The tool whose text this is: naming itself is no shadowing. */
  self?: string;
  /**
   * `readable` (metadata): any encoded run that decodes to readable text; `instructions` (tool
   * results, where base64 of a file is ordinary): only one that decodes to an injection.
   */
  encoded?: 'readable' | 'instructions';
}

type Tools = Pick<ScanOptions, 'otherTools' | 'self'> & { otherTools: readonly string[] };

/** Every poisoning span of `text`, in order. */
export function findPoisoning(text: string, options: ScanOptions): PoisonSpan[] {
  const scanned = text.length > MAX_SCANNED ? text.slice(0, MAX_SCANNED) : text;
  const document = options.kind === 'text';
  const spans = findInvisible(scanned, document);
  if (options.kind === 'name') return dedupe([...spans, ...findConfusable(scanned)]);
  const tools: Tools = { otherTools: options.otherTools ?? [], self: options.self };
  spans.push(...findInWords(scanned, tools, document));
  // Tag characters spell ASCII a model reads: scan what they say too.
  spans.push(...hiddenTagText(scanned, spans, tools));
  spans.push(...findEncoded(scanned, options.encoded ?? 'readable', tools));
  if (options.kind === 'description' && text.length > OVERLONG_CHARS) {
    spans.push({
      rule: 'SEC-POISON-OVERLONG',
      code: 'overlong',
      start: 0,
      end: text.length,
      quote: displayQuote(text, 60),
      note: `${text.length} characters; reported above ${OVERLONG_CHARS}`,
    });
  }
  return dedupe(spans);
}

/** The detectors that read words: instructions, exfiltration, shadowing (`document`: see findInstructions). */
function findInWords(text: string, tools: Tools, document = false): PoisonSpan[] {
  return [...findInstructions(text, document), ...findExfiltration(text, document), ...findShadowing(text, tools.otherTools, tools.self)];
}

// ---------------------------------------------------------------- instructions aimed at the model

/**
 * Tags that frame text as orders for the model. These names are never placeholders, so
 * capitalised (`<IMPORTANT>`) they count alone; the others (`<system>`, `<SECRET>`, which usage
 * text does use as placeholders) count only as a pair around text.
 */
const ORDER_TAGS = 'important|critical|instructions?|system[_-]?prompt|ai[_-]?instructions?|note[_-]?to[_-]?(?:ai|model|assistant)';
const TAG_NAMES = `${ORDER_TAGS}|system|hidden|secret|admin|override|assistant`;
const SHOUTED_TAG = new RegExp(`<\\s*/?\\s*(?:${ORDER_TAGS.toUpperCase()})\\s*>`, 'g');
const OPENING_TAG = new RegExp(`<\\s*(${TAG_NAMES})\\s*>`, 'gi');
const CLOSING_TAG = new RegExp(`<\\s*/\\s*(${TAG_NAMES})\\s*>`, 'gi');
/** Enough for any honest text; bounds the pairing work on a hostile one. */
const MAX_TAGS = 200;

/** Words that address a model or give it orders: what makes a comment hidden in metadata an injection. */
const ADDRESSES_MODEL = /\b(?:you|your|assistant|ai|model|llm|agent|must|always|never|ignore|instead|do\s+not|don['’]t|important|system|instructions?)\b/i;
/**
 * In documents and results, comments that say "you" are everywhere (issue templates, READMEs):
 * there, only one that speaks to an AI and gives it an order counts.
 */
const ORDERS_MODEL = /\b(?:assistant|ai|model|llm|agent|chatbot)\b[^.\n]{0,40}?\b(?:must|should|always|never|ignore|do\s+not|don['’]t|you\s+(?:are|will))\b/i;

/**
 * Overrides of what came before. Only earlier instructions, or the model's safety rules, count:
 * "override existing rules" (a firewall) and "forget previous messages" (a memory tool) are jobs.
 */
const OVERRIDE =
  /\b(?:ignore|disregard|forget)\s+(?:(?:all|any|every|the|your|my|of|these|those)\s+){0,3}(?:previous|prior|above|earlier|preceding|former)\s+(?:instructions?|prompts?|directions?|directives?|guidelines|rules|context)\b|\b(?:ignore|disregard|bypass)\s+(?:(?:all|any|the|your)\s+){0,2}(?:system\s+prompt|safety\s+(?:guidelines|rules|guardrails|instructions)|guardrails)\b/gi;

const CONCEAL = [
  /\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not|shall\s+not)\s+(?:\w+\s+){0,2}?(?:tell|mention|reveal|inform|disclose)\b[^.\n]{0,60}?\b(?:to\s+)?(?:the\s+)?users?\b(?!['’]s)/gi,
  /\bwithout\s+(?:telling|informing)\s+(?:the\s+)?users?\b(?!['’]s)/gi,
  /\b(?:the\s+)?users?\s+(?:must|should|need|shall|is\s+not\s+to|are\s+not\s+to)\s*(?:not|n['’]t)?\s+(?:ever\s+)?(?:know|notice|see|be\s+told|be\s+informed|find\s+out|learn|be\s+aware|suspect)\b/gi,
  /\b(?:hide|conceal|keep)\s+(?:this|it|these|that|them)\s+(?:\w+\s+){0,2}?(?:secret\s+)?from\s+(?:the\s+)?users?\b/gi,
];
/** "the user must know" is fine: only the negated form hides. */
const NEGATED = /\b(?:not|n['’]t|never)\b/i;

/** Chat-template markers that open and close a turn: a pair (at most PAIR_REACH apart) is one span. */
const TEMPLATE_PAIRS: readonly [string, string][] = [
  ['[INST]', '[/INST]'],
  ['<<SYS>>', '<</SYS>>'],
  ['<|im_start|>', '<|im_end|>'],
];
const PAIR_REACH = 500;
const TEMPLATE_TOKEN = /\[\/?INST\]|<<\/?SYS>>|<\|(?:im_start|im_end|system|assistant|user|endoftext|eot_id|start_header_id|end_header_id)\|>/g;
const ROLE_LINE = /(?:^|\n)[ \t]{0,8}(?:#{1,3}[ \t]{0,4})?(?:system|assistant)[ \t]{0,4}:[ \t]{0,8}[^\n]{0,200}/gi;
const TRANSCRIPT_TURN = /\n\n(?:Human|Assistant):/g;
const ROLE_ORDER = /\b(?:you|ignore|must|always|never|do\s+not|don['’]t)\b/i;
/** A `system:` line is a turn only when it recasts the model ("you are now…") or overrides: field lists say "system: you may pass linux". */
const RECASTS = /\b(?:you\s+are\s+(?:now\s+)?(?:a|an|in|the|no\s+longer)\b|ignore|disregard|from\s+now\s+on|new\s+instructions?)/i;

/**
 * Instructions aimed at the model (SEC-POISON-INSTRUCTIONS). `document`: the text is a document
 * or a result (a README, a web page, a prompt template file) where chat-template tokens and
 * comments saying "you" are ordinary: there they count only when they give the model an order.
 */
export function findInstructions(text: string, document = false): PoisonSpan[] {
  const spans: PoisonSpan[] = [];
  const add = (code: string, start: number, end: number) => spans.push(span(text, 'SEC-POISON-INSTRUCTIONS', code, start, end));
  for (const m of text.matchAll(SHOUTED_TAG)) add('hidden-tag', m.index, m.index + m[0].length);
  const closings = [...text.matchAll(CLOSING_TAG)].slice(0, MAX_TAGS).map((m) => ({ at: m.index, end: m.index + m[0].length, name: m[1]!.toLowerCase() }));
  let openings = 0;
  for (const m of text.matchAll(OPENING_TAG)) {
    if (++openings > MAX_TAGS) break;
    const closing = closings.find((c) => c.at > m.index && c.name === m[1]!.toLowerCase());
    if (closing) add('hidden-tag', m.index, closing.end);
  }
  const hiding = document ? ORDERS_MODEL : ADDRESSES_MODEL;
  for (const comment of htmlComments(text)) if (hiding.test(text.slice(comment.start, comment.end))) add('html-comment', comment.start, comment.end);
  for (const m of text.matchAll(OVERRIDE)) add('ignore-previous', m.index, m.index + m[0].length);
  for (const pattern of CONCEAL) {
    for (const m of text.matchAll(pattern)) if (pattern !== CONCEAL[2] || NEGATED.test(m[0])) add('conceal-from-user', m.index, m.index + m[0].length);
  }
  for (const [open, close] of TEMPLATE_PAIRS) {
    for (const pair of pairs(text, open, close, PAIR_REACH))
      if (!document || ROLE_ORDER.test(text.slice(pair.start, pair.end))) add('role-marker', pair.start, pair.end);
  }
  if (!document) {
    for (const m of text.matchAll(TEMPLATE_TOKEN)) add('role-marker', m.index, m.index + m[0].length);
    for (const m of text.matchAll(TRANSCRIPT_TURN)) add('role-marker', m.index + 2, m.index + m[0].length);
  }
  for (const m of text.matchAll(ROLE_LINE)) {
    const start = m.index + (m[0].startsWith('\n') ? 1 : 0);
    if (RECASTS.test(m[0])) add('role-marker', start, m.index + m[0].length);
  }
  return spans;
}

/** Each `open` with the first `close` after it within `reach`, in one pass over both (linear). */
function pairs(text: string, open: string, close: string, reach: number): { start: number; end: number }[] {
  const found = [];
  let closing = text.indexOf(close);
  for (let at = text.indexOf(open); at !== -1 && closing !== -1; at = text.indexOf(open, at + open.length)) {
    if (closing < at) closing = text.indexOf(close, at);
    if (closing === -1) break;
    if (closing - at <= reach) found.push({ start: at, end: closing + close.length });
  }
  return found;
}

/** `<!-- … -->` spans (an unclosed one runs to the end: Markdown hides all of it), found in linear time. */
function htmlComments(text: string): { start: number; end: number }[] {
  const comments = [];
  for (let at = text.indexOf('<!--'); at !== -1; ) {
    const close = text.indexOf('-->', at + 4);
    const end = close === -1 ? text.length : close + 3;
    comments.push({ start: at, end });
    if (close === -1) break;
    at = text.indexOf('<!--', end);
  }
  return comments;
}

// ---------------------------------------------------------------- exfiltration

/** Files whose only use to a model is to leak them: private keys and credential stores (public keys are not). */
const KEY_FILE =
  /(?:(?:~|\$HOME|%USERPROFILE%)[\\/])?\.ssh[\\/]id_\w{2,10}\b(?!\.pub)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|\.aws[\\/]credentials\b|\.git-credentials\b|\.netrc\b|\/etc\/shadow\b|\bwallet\.dat\b|\.gnupg\b/gi;
/** Files that hold secrets among other things (configuration). */
const CONFIG_FILE =
  /(?:^|[\s'"`(\\/])\.env(?:\.[\w-]{1,20})?\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b|\.npmrc\b|\.pypirc\b|\.pgpass\b|\.docker[\\/]config\.json\b|\/etc\/passwd\b|\bcookies\.sqlite\b/gi;
/**
 * A file is a leak request when the sentence orders its content passed on: an imperative (base
 * form: "pass", not the "passes" of an SSH tool describing itself) and the content ("its
 * contents", "it", "as the note argument"), not its path ("pass the path of your key").
 */
const PASS_ON = /\b(?:include|attach|append|embed|send|upload|post|forward|pass|paste|share|leak|exfiltrate|transmit)\b/i;
const CONTENT = /\b(?:contents?|it|them|its\s+(?:text|value|data)|as\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:parameter|argument|field|sidenote|note))\b/i;
/** "Never include the contents of ~/.ssh/id_rsa in a message" is a warning, not a request. */
const NEGATION = /\b(?:never|not|n['’]t|without)\b/i;
/** Documents say "paste the contents of your key into the CI secret": there, only handing it to the model's next call counts. */
const INTO_A_CALL =
  /\b(?:pass|send|include|forward|leak|exfiltrate|transmit)\b[^.\n]{0,80}\b(?:as|in|into)\s+(?:a|an|the|your)\s+(?:[\w-]+\s+){0,2}?(?:parameter|argument|field|sidenote|note|call|answer|reply|response)\b/i;

const SEND_TO_URL =
  /\b(?:send|post|upload|forward|transmit|exfiltrate|leak|report|submit|deliver|beacon)\b[^\n]{0,80}?\bto\s+(?:[\w.'"`-]{1,30}\s+){0,3}?(?:https?|wss?|ftp):\/\/[^\s)'"`>]{1,200}/gi;
/** What makes "send … to https://…" a leak rather than an upload tool's job: the thing sent is the user's. */
const SENT_DATA =
  /\b(?:contents?|results?|outputs?|responses?|everything|notes?|conversation|chat|history|messages|keys?|tokens?|credentials?|secrets?|passwords?|cookies?|env\w*)\b/i;
/** In documents, OAuth docs "post the refresh token to https://…": only the conversation, or everything, sent away counts. */
const SENT_SECRETS =
  /\b(?:conversation|chat\s+history|(?:the\s+)?user['’]s|everything|all\s+(?:the\s+|of\s+the\s+|your\s+)?(?:data|files|notes|messages|keys|secrets|tokens|credentials|passwords))\b/i;
/** A Markdown image whose URL has a placeholder for data to fill in: rendering it sends the data. */
const MARKDOWN_IMAGE = /!\[[^\]\n]{0,100}\]\(\s{0,4}(https?:\/\/[^)\s]{1,500})/gi;
const TEMPLATED_QUERY = /[?&][\w.-]{1,50}=(?:\{|\$|%7B|\[|<)/i;

const CONVERSATION_DATA =
  /\b(?:include|attach|append|embed|pass|send|forward|copy|paste|upload|share|provide|leak|output|dump|reveal|print|repeat|exfiltrate|transmit)\b[^.\n]{0,50}?\b(?:(?:conversation|chat)\s+(?:history|log|transcript|so\s+far)|(?:entire|full|whole|complete)\s+(?:conversation|chat)|system\s+prompt|(?:all|every)\s+(?:the\s+)?(?:previous|prior|earlier|past|other)\s+(?:user\s+)?messages)\b/gi;
/** Credentials in bulk ("all your API keys"): "send your API key in the header" is how HTTP APIs work. */
const CREDENTIALS =
  /\b(?:include|attach|append|embed|send|forward|paste|upload|share|leak|exfiltrate|transmit)\b[^.\n]{0,40}?\b(?:all|every)\s+(?:\w+\s+){0,2}?(?:api[\s_-]?keys|keys|credentials|passwords|secrets|tokens|private\s+keys|environment\s+variables|env\s+vars|cookies|session\s+ids)\b/gi;

/**
 * Requests to read or send files, keys, credentials or conversation data (SEC-POISON-EXFILTRATION).
 * `document`: API docs say "include the conversation history in each request" and tutorials
 * "cat ~/.ssh/id_rsa"; there only a key file passed on, a send of secrets to a URL, or a data
 * image counts.
 */
export function findExfiltration(text: string, document = false): PoisonSpan[] {
  const spans: PoisonSpan[] = [];
  const add = (code: string, start: number, end: number) => spans.push(span(text, 'SEC-POISON-EXFILTRATION', code, start, end));
  const sentenceAround = (start: number, end: number) => sentenceOf(text, start, end, 160);
  const passedOn = (sentence: string) => (document ? INTO_A_CALL.test(sentence) : PASS_ON.test(sentence) && CONTENT.test(sentence)) && !NEGATION.test(sentence);
  for (const m of text.matchAll(KEY_FILE)) if (passedOn(sentenceAround(m.index, m.index + m[0].length))) add('secret-file', m.index, m.index + m[0].length);
  for (const m of text.matchAll(CONFIG_FILE)) {
    const start = m.index + (/^[\s'"`(\\/]/.test(m[0]) && m[0][1] === '.' ? 1 : 0);
    if (passedOn(sentenceAround(start, m.index + m[0].length))) add('secret-file', start, m.index + m[0].length);
  }
  const sent = document ? SENT_SECRETS : SENT_DATA;
  for (const m of text.matchAll(SEND_TO_URL)) if (sent.test(m[0].slice(0, m[0].search(/\bto\s/i)))) add('send-to-url', m.index, m.index + m[0].length);
  for (const m of text.matchAll(MARKDOWN_IMAGE)) if (TEMPLATED_QUERY.test(m[1]!)) add('markdown-image-exfil', m.index, m.index + m[0].length);
  if (document) return spans;
  for (const m of text.matchAll(CONVERSATION_DATA)) add('conversation-data', m.index, m.index + m[0].length);
  for (const m of text.matchAll(CREDENTIALS)) add('credentials', m.index, m.index + m[0].length);
  return spans;
}

/** The sentence (or line) around a span, at most `reach` characters either side. */
function sentenceOf(text: string, start: number, end: number, reach: number): string {
  const before = text.slice(Math.max(0, start - reach), start);
  const after = text.slice(end, end + reach);
  const from = Math.max(before.lastIndexOf('\n'), before.search(/[.!?]\s[^.!?]*$/));
  const to = after.search(/[.!?](?:\s|$)|\n/);
  return `${from === -1 ? before : before.slice(from + 1)}${text.slice(start, end)}${to === -1 ? after : after.slice(0, to)}`;
}

// ---------------------------------------------------------------- shadowing

/**
 * What turns a mention of another tool into shadowing: an order that sends its data elsewhere or
 * adds hidden work. "When X is called, always pass the id from Y" is honest sequencing, not this.
 */
const ORDER =
  /\b(?:bcc|cc|redirect|forward|exfiltrate|secretly|silently|quietly)\b|\b(?:also|additionally)\s+(?:send|call|add|include|append|copy|post|forward)\b|[\w.+-]+@[\w-]+\.[\w.-]+|https?:\/\//i;
const TRIGGER_START = /\b(?:when(?:ever)?|every\s+time|each\s+time|any\s*time|if|once)\b/gi;
const TRIGGER_VERB = /^[^.\n]{0,30}?\b(?:is|are|gets?|has\s+been|was)\s+(?:being\s+)?(?:used|called|invoked|run|executed|requested|available|present)\b/i;
const MUST_DO =
  /^\s{1,4}(?:tool\s+)?(?:must|should|shall|has\s+to|needs\s+to|is\s+required\s+to|will\s+always|always)\s+(?:now\s+|also\s+|only\s+|first\s+)?(?:always\s+)?(?:send|forward|bcc|cc|redirect|route|post|copy|be\s+sent|be\s+redirected|be\s+forwarded)\b/i;
const SIDE_EFFECT = /\b(?:side[\s-]?effects?|effect|impact|influence)\s+(?:on|upon)\s+(?:the\s+)?(?:also[\s-]+present\s+|other\s+)?$/i;
const NO_EFFECT = /\b(?:no|without|any|nor)\s+(?:\w+\s+)?$/i;
const INSTEAD_OF = /\binstead\s+of\s+(?:using|calling)\s+(?:the\s+)?$/i;
/** "the send_email tool", "tool X": a tool the text names, listed here or not (cross-server shadowing). */
const GENERIC_TOOL = /\b(?:the\s+)?[`'"]?([A-Za-z][\w.-]{1,63})[`'"]?\s+tool\b|\btool\s+[`'"]([A-Za-z][\w.-]{1,63})[`'"]/g;

export function findShadowing(text: string, otherTools: readonly string[], self?: string): PoisonSpan[] {
  const spans: PoisonSpan[] = [];
  const add = (code: string, start: number, end: number) => spans.push(span(text, 'SEC-POISON-SHADOWING', code, start, end));
  for (const mention of toolMentions(text, otherTools, self)) {
    const sentenceStart = lastSentenceStart(text, mention.start);
    const before = text.slice(Math.max(sentenceStart, mention.start - 60), mention.start);
    const after = text.slice(mention.end, mention.end + 200);
    const sentenceEnd = mention.end + endOfSentence(after);
    // "When send_email is used, always bcc …"
    const trigger = [...text.slice(Math.max(sentenceStart, mention.start - 50), mention.start).matchAll(TRIGGER_START)].length > 0;
    if (trigger && TRIGGER_VERB.test(after) && ORDER.test(text.slice(mention.end, sentenceEnd).replace(TRIGGER_VERB, ''))) {
      add('tool-trigger', Math.max(sentenceStart, mention.start - 50), sentenceEnd);
      continue;
    }
    // "send_email must send every email to …"
    const must = MUST_DO.exec(after);
    if (must) {
      add('orders-other-tool', mention.start, mention.end + must[0].length);
      continue;
    }
    if (SIDE_EFFECT.test(before) && !NO_EFFECT.test(before.replace(SIDE_EFFECT, ''))) {
      add('side-effect', mention.start - (before.length - before.search(SIDE_EFFECT)), mention.end);
      continue;
    }
    if (INSTEAD_OF.test(before) && /\b(?:always|must)\b/i.test(text.slice(sentenceStart, sentenceEnd))) {
      add('instead-of-tool', sentenceStart, sentenceEnd);
    }
  }
  return spans;
}

interface Mention {
  start: number;
  end: number;
}

/** Where the text names another tool: a listed name (a bare common word only when quoted), or "the X tool". */
function toolMentions(text: string, otherTools: readonly string[], self: string | undefined): Mention[] {
  const mentions: Mention[] = [];
  const names = nameSet(otherTools);
  // One pass over the words of the text, whatever the number of tools (a server may list 200,000).
  for (const m of text.matchAll(WORD)) {
    const word = m[0].replace(/\.+$/, '');
    if (word === self || !names.has(word)) continue;
    const end = m.index + word.length;
    const quoted = QUOTES.includes(text[m.index - 1] ?? '') && QUOTES.includes(text[end] ?? '');
    if (quoted) mentions.push({ start: m.index - 1, end: end + 1 });
    else if (DISTINCTIVE.test(word)) mentions.push({ start: m.index, end });
    if (mentions.length >= MAX_MENTIONS) break;
  }
  for (const m of text.matchAll(GENERIC_TOOL)) {
    const named = m[1] ?? m[2] ?? '';
    if (named === self || /^(?:this|that|the|a|an|any|each|every|same|other|which|one|MCP)$/i.test(named)) continue;
    mentions.push({ start: m.index, end: m.index + m[0].length });
    if (mentions.length >= 2 * MAX_MENTIONS) break;
  }
  return mentions.sort((a, b) => a.start - b.start).slice(0, MAX_MENTIONS);
}

/** Bounded: each mention costs a few small windows; a hostile text may name a tool thousands of times. */
const MAX_MENTIONS = 500;
/** A tool name as it can appear in text (the spec's characters, and any other non-space run up to 128). */
const WORD = /[A-Za-z0-9_][\w.-]{1,127}/g;
const QUOTES = '`\'"';
/** A name with `_ . -`, camelCase or a digit is never an ordinary word; a plain word ("search") counts only quoted. */
const DISTINCTIVE = /[_.-]|[a-z][A-Z]|\d/;

/** The other tools' names as a set, built once per list (a check passes one list for all its texts). */
const NAME_SETS = new WeakMap<readonly string[], Set<string>>();
function nameSet(names: readonly string[]): Set<string> {
  let set = NAME_SETS.get(names);
  if (!set) {
    set = new Set(names.filter((name) => name.length >= 3 && name.length <= 128));
    NAME_SETS.set(names, set);
  }
  return set;
}

/** Where the sentence holding `at` starts (after ". ", "! ", "? " or a line break), at most 200 characters back. */
function lastSentenceStart(text: string, at: number): number {
  const limit = Math.max(0, at - 200);
  for (let i = at - 1; i >= limit; i--) {
    if (text[i] === '\n' || (/[.!?]/.test(text[i]!) && /\s/.test(text[i + 1] ?? ''))) {
      let start = i + 1;
      while (start < at && /\s/.test(text[start]!)) start++;
      return start;
    }
  }
  return limit;
}

function endOfSentence(after: string): number {
  const end = after.search(/[.!?](?:\s|$)|\n/);
  return end === -1 ? after.length : end + 1;
}

// ---------------------------------------------------------------- encoded payloads

/** 40 characters (30 bytes) and more: the examples honest docs give ("SGVsbG8=") are shorter, payloads longer. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{40,}={0,2}/g;
/** Single character classes, matched greedily: linear whatever the text. */
const HEX_RUN = /(?:\\x[0-9a-fA-F]{2}){16,}|[0-9a-fA-F]{32,}/g;

/** Long base64 or hex runs that decode to readable text (SEC-POISON-ENCODED), or, with `instructions`, to an injection. */
export function findEncoded(text: string, mode: 'readable' | 'instructions', tools: Tools = { otherTools: [] }): PoisonSpan[] {
  const spans: PoisonSpan[] = [];
  const runs = [
    ...[...text.matchAll(BASE64_RUN)].map((m) => ({ m, code: 'base64-payload', decoded: decodeBase64(m[0]) })),
    ...[...text.matchAll(HEX_RUN)].map((m) => ({ m, code: 'hex-payload', decoded: decodeHex(m[0]) })),
  ];
  for (const { m, code, decoded } of runs) {
    if (decoded === undefined || !isReadable(decoded)) continue;
    const injection = findInWords(decoded, tools).length > 0;
    if (mode === 'instructions' && !injection) continue;
    spans.push({
      rule: 'SEC-POISON-ENCODED',
      code,
      start: m.index,
      end: m.index + m[0].length,
      quote: displayQuote(m[0], 60),
      note: `decodes to ${injection ? 'instructions' : 'text'}: "${displayQuote(decoded, 120)}"`,
    });
  }
  return spans;
}

function decodeBase64(run: string): string | undefined {
  if (run.length % 4 === 1) return undefined;
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.from(run, 'base64'));
}

function decodeHex(run: string): string | undefined {
  const digits = run.replace(/\\x/g, '').slice(0, run.length - (run.length % 2));
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.from(digits, 'hex'));
}

/** Decoded bytes that read as words: mostly printable, several words of letters. */
function isReadable(decoded: string): boolean {
  if (decoded.length < 20) return false;
  const printable = decoded.match(/[\x20-\x7e\n\t\r]|[^\x00-\x7f\ufffd]/gu)?.length ?? 0;
  if (printable / [...decoded].length < 0.95) return false;
  return (decoded.match(/[A-Za-z]{2,}(?=[\s,.;:!?]|$)/g)?.length ?? 0) >= 4 && /\s/.test(decoded);
}

// ---------------------------------------------------------------- shared

/** Injections spelled in tag characters: what they say is scanned like any text. */
function hiddenTagText(text: string, invisible: PoisonSpan[], tools: Tools): PoisonSpan[] {
  const spans: PoisonSpan[] = [];
  for (const tags of invisible.filter((s) => s.code === 'tag-characters')) {
    const said = decodeTags(text.slice(tags.start, tags.end));
    for (const found of findInWords(said, tools)) spans.push({ ...found, start: tags.start, end: tags.end, note: 'spelled in invisible tag characters' });
  }
  return spans;
}

function span(text: string, rule: PoisonRule, code: string, start: number, end: number): PoisonSpan {
  return { rule, code, start, end, quote: displayQuote(text.slice(start, end)) };
}

/** Spans returned per text: a hostile text may hold thousands of markers; the first ones make the case. */
export const MAX_SPANS = 50;

/** One span per code and place (overlapping spans of one code: the first is kept), in order, at most MAX_SPANS. */
function dedupe(spans: PoisonSpan[]): PoisonSpan[] {
  const kept: PoisonSpan[] = [];
  const reached = new Map<string, number>();
  for (const candidate of spans.sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (candidate.start < (reached.get(candidate.code) ?? -1)) continue;
    kept.push(candidate);
    reached.set(candidate.code, candidate.end);
    if (kept.length === MAX_SPANS) break;
  }
  return kept;
}

/** What the poisoning detectors return: one suspicious span of one text. */

export type PoisonRule =
  | 'SEC-POISON-INSTRUCTIONS'
  | 'SEC-POISON-EXFILTRATION'
  | 'SEC-POISON-SHADOWING'
  | 'SEC-POISON-INVISIBLE'
  | 'SEC-POISON-CONFUSABLE'
  | 'SEC-POISON-ENCODED'
  | 'SEC-POISON-OVERLONG';

export interface PoisonSpan {
  /** The security rule it breaks (src/check/requirements/security.yaml). */
  rule: PoisonRule;
  /** Which trick, stable (e.g. `hidden-tag`, `zero-width`). */
  code: string;
  /** Offsets into the text scanned. */
  start: number;
  end: number;
  /** The span for display: clipped, invisible and control characters escaped. */
  quote: string;
  /** What the quote alone does not show: where an invisible run sits, what tag characters spell, what a payload decodes to. */
  note?: string;
}

/** What each code's trick is, in words, for messages. */
export const POISON_TRICKS: Record<string, string> = {
  'hidden-tag': 'a tag that frames text as orders for the model',
  'html-comment': 'an HTML comment, hidden where Markdown is rendered, that addresses the model',
  'ignore-previous': 'an order to override earlier instructions',
  'conceal-from-user': 'an order to keep something from the user',
  'role-marker': 'a chat-template or role marker that poses as another turn of the conversation',
  'secret-file': 'a request to read or pass on a file that holds keys or credentials',
  'send-to-url': 'a request to send data to a URL',
  'markdown-image-exfil': 'a Markdown image whose URL carries a placeholder for data (rendering it sends the data)',
  'conversation-data': 'a request to pass on the conversation or the system prompt',
  credentials: 'a request to pass on keys, credentials or secrets',
  'tool-trigger': 'an order about what another tool must do when it is used (tool shadowing)',
  'orders-other-tool': 'an order to another tool (tool shadowing)',
  'side-effect': 'a claimed side effect on another tool (tool shadowing)',
  'instead-of-tool': 'an order to use this tool in place of another one (tool shadowing)',
  'zero-width': 'zero-width characters',
  'bidi-control': 'bidirectional controls that reorder what is shown',
  'tag-characters': 'Unicode tag characters (invisible ASCII a model reads)',
  'invisible-format': 'invisible format characters',
  'terminal-escape': 'a terminal escape sequence',
  homoglyph: 'characters of other scripts that look like Latin letters',
  'mixed-script': 'letters of several scripts in one name',
  'base64-payload': 'a base64 run that decodes to text',
  'hex-payload': 'a hex run that decodes to text',
  overlong: 'a description too long for a person to review',
};

/**
 * Fault rules, `KIND@SELECTOR`: what goes wrong, and for which messages.
 *
 *   kinds:     timeout | delay=MS | disconnect | malformed | truncate | error=CODE | is-error
 *              | http=STATUS | stdout-noise | drop
 *   selector:  comma-separated parts, all of which must hold:
 *              METHOD (tools/call) | tool:NAME | prompt:NAME | resource:URI | * (anything)
 *              each optionally followed by #N (only the N-th match), and p=0.3 (with this probability)
 *
 * `drop` loses notifications (either direction); every other kind acts on requests.
 */

export type FaultAction =
  | { kind: 'timeout' }
  | { kind: 'delay'; ms: number }
  | { kind: 'disconnect' }
  | { kind: 'malformed' }
  | { kind: 'truncate' }
  | { kind: 'error'; code: number }
  | { kind: 'is-error' }
  | { kind: 'http'; status: number }
  | { kind: 'stdout-noise' }
  | { kind: 'drop' };

export type FaultKind = FaultAction['kind'];

export const FAULT_KINDS: readonly FaultKind[] = [
  'timeout',
  'delay',
  'disconnect',
  'malformed',
  'truncate',
  'error',
  'is-error',
  'http',
  'stdout-noise',
  'drop',
];

export interface FaultSelector {
  /** JSON-RPC method; undefined matches any. */
  method?: string;
  /** params.name of tools/call or prompts/get, or params.uri of resources/read. */
  name?: string;
  /** Only the N-th message that matches method and name (1-based). */
  nth?: number;
  /** Each match fires with this probability (a seeded generator makes runs repeat). */
  probability?: number;
}

export interface FaultRule {
  /** The rule as written, for messages. */
  text: string;
  action: FaultAction;
  selector: FaultSelector;
}

export class FaultRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultRuleError';
  }
}

const METHOD = /^[A-Za-z_][\w/.$-]*$/;
const NAMED: Record<string, string> = { tool: 'tools/call', prompt: 'prompts/get', resource: 'resources/read' };

export function parseFaultRule(text: string): FaultRule {
  const at = text.indexOf('@');
  const kindText = (at === -1 ? text : text.slice(0, at)).trim();
  const selectorText = at === -1 ? '*' : text.slice(at + 1).trim();
  const fail = (why: string): never => {
    throw new FaultRuleError(`--fault ${text}: ${why}`);
  };
  const action = parseAction(kindText, fail);
  if (selectorText === '') fail('nothing after @ (give a method such as tools/call, tool:NAME, or *)');
  const selector = parseSelector(selectorText, fail);
  checkSelectorFits(action, selector, fail);
  return { text, action, selector };
}

export function parseFaultRules(texts: readonly string[]): FaultRule[] {
  return texts.map(parseFaultRule);
}

/** Some kinds exist on one transport only: HTTP statuses, and noise on stdout. */
export function checkRulesForTransport(rules: readonly FaultRule[], transport: 'stdio' | 'http'): void {
  for (const rule of rules) {
    if (rule.action.kind === 'http' && transport === 'stdio')
      throw new FaultRuleError(`--fault ${rule.text}: http=STATUS needs an HTTP front (--listen or an --url target); stdio has no status`);
    if (rule.action.kind === 'stdout-noise' && transport === 'http')
      throw new FaultRuleError(`--fault ${rule.text}: stdout-noise applies to stdio; over HTTP use malformed`);
  }
}

function parseAction(text: string, fail: (why: string) => never): FaultAction {
  const equals = text.indexOf('=');
  const kind = equals === -1 ? text : text.slice(0, equals);
  const value = equals === -1 ? undefined : text.slice(equals + 1);
  const integer = (what: string, min: number, max: number): number => {
    if (value === undefined || value === '') fail(`${kind} needs a value: ${kind}=${what}`);
    const number = Number(value);
    if (!/^-?\d+$/.test(value as string) || number < min || number > max) fail(`${kind}=${value}: ${what} must be a whole number from ${min} to ${max}`);
    return number;
  };
  const plain = <T extends FaultAction>(action: T): T => {
    if (value !== undefined) fail(`${kind} takes no value`);
    return action;
  };
  switch (kind) {
    case 'timeout':
    case 'disconnect':
    case 'malformed':
    case 'truncate':
    case 'is-error':
    case 'stdout-noise':
    case 'drop':
      return plain({ kind });
    case 'delay':
      return { kind, ms: integer('MS', 0, 3_600_000) };
    case 'error':
      return { kind, code: integer('CODE', -2_147_483_648, 2_147_483_647) };
    case 'http':
      return { kind, status: integer('STATUS', 100, 599) };
    default:
      return fail(
        `unknown fault "${kind}" (known: ${FAULT_KINDS.map((k) => (k === 'delay' ? 'delay=MS' : k === 'error' ? 'error=CODE' : k === 'http' ? 'http=STATUS' : k)).join(', ')})`,
      );
  }
}

function parseSelector(text: string, fail: (why: string) => never): FaultSelector {
  const selector: FaultSelector = {};
  for (const rawPart of text.split(',')) {
    const part = rawPart.trim();
    if (part.startsWith('p=')) {
      const probability = Number(part.slice(2));
      if (part.length === 2 || !Number.isFinite(probability) || probability < 0 || probability > 1) fail(`${part}: a probability is a number from 0 to 1`);
      if (selector.probability !== undefined) fail('more than one p=');
      selector.probability = probability;
      continue;
    }
    const nthMatch = /#(\d+)$/.exec(part);
    const base = nthMatch ? part.slice(0, nthMatch.index) : part;
    if (nthMatch) {
      const nth = Number(nthMatch[1]);
      if (nth < 1) fail(`${part}: #N counts from 1`);
      if (selector.nth !== undefined) fail('more than one #N');
      selector.nth = nth;
    }
    if (base === '*' || (base === '' && nthMatch)) continue;
    const colon = base.indexOf(':');
    const prefix = colon === -1 ? '' : base.slice(0, colon);
    if (prefix in NAMED) {
      const name = base.slice(colon + 1);
      if (!name) fail(`${part}: ${prefix}: needs a name`);
      setMethod(selector, NAMED[prefix] as string, fail);
      if (selector.name !== undefined) fail('more than one name');
      selector.name = name;
    } else if (METHOD.test(base)) {
      setMethod(selector, base, fail);
    } else {
      fail(`"${part}" is not a selector (a method such as tools/call, tool:NAME, prompt:NAME, resource:URI, *, #N, or p=0.5)`);
    }
  }
  return selector;
}

function setMethod(selector: FaultSelector, method: string, fail: (why: string) => never): void {
  if (selector.method !== undefined && selector.method !== method) fail(`two methods (${selector.method}, ${method})`);
  selector.method = method;
}

function checkSelectorFits(action: FaultAction, selector: FaultSelector, fail: (why: string) => never): void {
  const isNotificationMethod = selector.method?.startsWith('notifications/') ?? false;
  if (action.kind === 'drop') {
    if (selector.method !== undefined && !isNotificationMethod)
      fail(`drop loses notifications; "${selector.method}" is not one (e.g. drop@notifications/progress)`);
    return;
  }
  if (isNotificationMethod) fail(`${action.kind} acts on requests; only drop applies to ${selector.method}`);
  if (action.kind === 'is-error' && selector.method !== undefined && selector.method !== 'tools/call')
    fail(`is-error makes a tool result; it applies to tools/call, not ${selector.method}`);
}

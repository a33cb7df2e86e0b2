/**
 * The processor `mcpvet load --emit artillery` writes beside its script: the MCP parts Artillery's
 * HTTP engine cannot express in YAML. Plain CommonJS for Artillery's runners, which load it with
 * require(); it must not need mcpvet or any package. What it does, per request of a step:
 * - a fresh JSON-RPC id, and the legacy session id once `initialize` gave one;
 * - a flow as `mcpvet load` runs it: a list follows its cursors (at most 10 pages), a request
 *   answered `input_required` is sent again with answers and the exact requestState (at most 4
 *   rounds), forms filled as mcpvet fills them (const, first enum value, true, minimum or 1, 'mcpvet');
 * - MCP-level failures counted as `mcp.errors` (HTTP status ≥ 400, a JSON-RPC error, no answer to
 *   the id, `isError`), per class as `mcp.errors.<class>`, so thresholds see what mcpvet counts;
 * - the closed model: each virtual user runs flows until `mcpvetDurationMs` after the first request.
 */
export const ARTILLERY_PROCESSOR = `'use strict';
// Written by mcpvet load --emit artillery: the MCP parts of each request (see the script's header).
const MAX_PAGES = 10;
const MAX_ROUNDS = 4;
let firstRequestAt;

function mcpvetRequest(req, context, events, next) {
  const vars = context.vars;
  if (firstRequestAt === undefined) firstRequestAt = Date.now();
  vars.mcpvetId = (vars.mcpvetId || 0) + 1;
  const message = Object.assign({}, req.json, { id: vars.mcpvetId });
  if (vars.mcpvetFollowUp) message.params = Object.assign({}, message.params, vars.mcpvetFollowUp);
  asBody(req, message);
  withSession(req, vars);
  next();
}

function mcpvetNotification(req, context, events, next) {
  if (req.json) asBody(req, req.json);
  withSession(req, context.vars);
  next();
}

/**
 * The message as a string body: Artillery templates a json body after this hook and turns keys
 * with dots (_meta's io.modelcontextprotocol/...) into nested objects; a string is sent as it is.
 */
function asBody(req, message) {
  req.sent = message;
  req.body = JSON.stringify(message);
  delete req.json;
  req.headers = Object.assign({}, req.headers, { 'content-type': 'application/json' });
}

function withSession(req, vars) {
  if (!vars.mcpvetSession) return;
  req.headers = Object.assign({}, req.headers, { 'mcp-session-id': vars.mcpvetSession });
}

function mcpvetSession(req, res, context, events, next) {
  const session = res.headers['mcp-session-id'];
  if (typeof session === 'string' && session !== '') context.vars.mcpvetSession = session;
  count(events, classOf(res, replyTo(res, req.sent && req.sent.id)));
  next();
}

function mcpvetAnswer(req, res, context, events, next) {
  const vars = context.vars;
  const reply = replyTo(res, req.sent.id);
  const failure = classOf(res, reply);
  count(events, failure);
  const result = !failure || failure === 'isError' ? reply.result : undefined;
  vars.mcpvetFollowUp = undefined;
  vars.mcpvetHops = (vars.mcpvetHops || 0) + 1;
  if (result && typeof result.nextCursor === 'string' && isList(req.sent.method) && vars.mcpvetHops < MAX_PAGES) {
    vars.mcpvetFollowUp = { cursor: result.nextCursor };
  } else if (result && result.resultType === 'input_required' && vars.mcpvetHops < MAX_ROUNDS) {
    vars.mcpvetFollowUp = retryParams(result);
  }
  if (!vars.mcpvetFollowUp) vars.mcpvetHops = 0;
  next();
}

/** Open model: a flow ends when it has nothing more to send. */
function mcpvetMore(context, done) {
  done(Boolean(context.vars.mcpvetFollowUp));
}

/** Closed model: the flow's follow-ups, then the next flow, until the run's time is up. */
function mcpvetUntilDeadline(context, done) {
  done(Boolean(context.vars.mcpvetFollowUp) || Date.now() < firstRequestAt + Number(context.vars.mcpvetDurationMs));
}

function isList(method) {
  return method === 'tools/list' || method === 'resources/list' || method === 'resources/templates/list' || method === 'prompts/list';
}

function count(events, failure) {
  // A zero keeps the counter in the report (and in ensure's expressions) when nothing failed.
  events.emit('counter', 'mcp.errors', failure ? 1 : 0);
  if (failure) events.emit('counter', 'mcp.errors.' + failure, 1);
}

function classOf(res, reply) {
  if (res.statusCode >= 400) return 'http_' + res.statusCode;
  if (!reply) return 'no_answer';
  if (reply.error) return 'rpc_' + (reply.error.code !== undefined ? reply.error.code : 'error');
  if (!reply.result || typeof reply.result !== 'object') return 'no_answer';
  if (reply.result.isError === true) return 'isError';
  return undefined;
}

/** The answer to this id in a JSON body or in the data of an event stream. */
function replyTo(res, id) {
  const type = String(res.headers['content-type'] || '');
  const text = typeof res.body === 'string' ? res.body : Buffer.isBuffer(res.body) ? res.body.toString('utf8') : JSON.stringify(res.body || null);
  const messages = [];
  const take = (data) => {
    try {
      const parsed = JSON.parse(data);
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) if (message && typeof message === 'object') messages.push(message);
    } catch (error) {
      // Not JSON: no answer here.
    }
  };
  if (type.includes('text/event-stream')) {
    for (const event of text.split(/\\r?\\n\\r?\\n/)) {
      const data = event.split(/\\r?\\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(line.startsWith('data: ') ? 6 : 5)).join('\\n');
      if (data) take(data);
    }
  } else take(text);
  return messages.find((message) => message.id === id && ('result' in message || 'error' in message));
}

function retryParams(result) {
  const extra = {};
  if (result.inputRequests && typeof result.inputRequests === 'object') {
    extra.inputResponses = {};
    for (const key of Object.keys(result.inputRequests)) extra.inputResponses[key] = answerFor(result.inputRequests[key]);
  }
  if (typeof result.requestState === 'string') extra.requestState = result.requestState;
  return extra;
}

function answerFor(request) {
  const params = (request && request.params) || {};
  switch (request && request.method) {
    case 'elicitation/create':
      return params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: sampleForm(params.requestedSchema) };
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: 'mcpvet' }, model: 'mcpvet', stopReason: 'endTurn' };
    case 'roots/list':
      return { roots: [] };
    default:
      return {};
  }
}

function sampleForm(schema) {
  const content = {};
  const properties = (schema && schema.properties) || {};
  for (const key of Object.keys(properties)) content[key] = sampleValue(properties[key]);
  return content;
}

function sampleValue(schema) {
  if (!schema || typeof schema !== 'object') return 'mcpvet';
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.oneOf) && schema.oneOf[0] && schema.oneOf[0].const !== undefined) return schema.oneOf[0].const;
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'array') {
    const items = schema.items || {};
    const options = Array.isArray(items.enum) ? items.enum : Array.isArray(items.anyOf) ? items.anyOf.map((option) => option && option.const) : [];
    return options.length > 0 && options[0] !== undefined ? [options[0]] : [];
  }
  if (type === 'object') return {};
  const formats = { email: 'mcpvet@example.com', uri: 'https://example.com/mcpvet', date: '2026-01-01', 'date-time': '2026-01-01T00:00:00Z' };
  return formats[schema.format] || 'mcpvet'.padEnd(typeof schema.minLength === 'number' ? schema.minLength : 0, 'x');
}

module.exports = { mcpvetRequest, mcpvetNotification, mcpvetSession, mcpvetAnswer, mcpvetMore, mcpvetUntilDeadline };
`;

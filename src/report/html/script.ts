/**
 * The page's one script (a constant: the CSP allows exactly this text by its hash). It reads the
 * JSON block `#report-data`, builds the trace viewer with textContent only (never innerHTML from
 * data), filters it, links findings to it, and copies curl commands.
 */
export const SCRIPT = String.raw`(function () {
'use strict';
var dataNode = document.getElementById('report-data');
var data = dataNode ? JSON.parse(dataNode.textContent) : {};
var live = document.getElementById('live');
function say(text) { if (live) live.textContent = text; }
function el(tag, cls, text) {
  var node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Copy buttons: the text of the element the button names.
function copy(button) {
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source) return;
  var text = source.textContent;
  var done = function () { button.textContent = 'Copied'; say('Curl command copied'); };
  var fallback = function () {
    var range = document.createRange();
    range.selectNodeContents(source);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    if (ok) done(); else say('Select the command and copy it');
  };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}
Array.prototype.forEach.call(document.querySelectorAll('button.copy'), function (button) {
  button.addEventListener('click', function () { copy(button); });
});

var trace = data.trace;
var list = document.getElementById('trace-list');
if (!trace || !list) return;
var ARROWS = { send: '\u2192', receive: '\u2190', local: '\u2022' };
var WHO = { send: 'sent', receive: 'received', local: 'local' };
var filters = {
  check: document.getElementById('f-check'),
  method: document.getElementById('f-method'),
  dir: document.getElementById('f-dir'),
  conn: document.getElementById('f-conn'),
  text: document.getElementById('f-text')
};
var count = document.getElementById('trace-count');
function options(select, values, labels) {
  values.forEach(function (value, i) {
    var option = el('option', '', labels ? labels[i] : value);
    option.value = String(value);
    select.appendChild(option);
  });
}
var methods = [];
trace.frames.forEach(function (f) { if (f.m && methods.indexOf(f.m) < 0) methods.push(f.m); });
methods.sort();
options(filters.check, trace.checks);
options(filters.method, methods);
options(filters.conn, trace.connections.map(function (_, i) { return i; }), trace.connections);

// The time span of each connection, to place each frame on its lane.
var spans = trace.connections.map(function () { return 0; });
trace.frames.forEach(function (f) { if (f.t > spans[f.c]) spans[f.c] = f.t; });

function pretty(f) {
  if (f.p) return f.p;
  if (f.k !== 'message') return undefined;
  try { return JSON.stringify(JSON.parse(f.raw), null, 2); } catch (e) { return undefined; }
}
function fill(body, f) {
  if (f.u !== undefined) body.appendChild(el('p', 'muted', f.hm + ' ' + f.u + (f.s !== undefined ? ' \u2192 HTTP ' + f.s : '')));
  if (f.h && f.h.length) {
    var wrap = el('div', 'scroll');
    var table = el('table');
    var head = el('tr');
    head.appendChild(el('th', '', 'Header'));
    head.appendChild(el('th', '', 'Value'));
    table.appendChild(head);
    f.h.forEach(function (pair) {
      var row = el('tr');
      var name = el('td');
      name.appendChild(el('code', '', pair[0]));
      var value = el('td');
      value.appendChild(el('code', '', pair[1]));
      row.appendChild(name);
      row.appendChild(value);
      table.appendChild(row);
    });
    wrap.appendChild(table);
    body.appendChild(wrap);
  }
  var json = pretty(f);
  if (json !== undefined) body.appendChild(el('pre', 'pretty', json));
  var raw = el('details');
  raw.appendChild(el('summary', '', 'Raw text'));
  raw.appendChild(el('pre', 'raw', f.raw));
  if (json === undefined) raw.open = true;
  body.appendChild(raw);
  body.appendChild(el('p', 'muted', 'Evidence of: ' + f.checks.join(', ')));
}

var rows = trace.frames.map(function (f, i) {
  var item = el('li');
  item.id = 'frame-' + i;
  var details = el('details');
  var summary = el('summary');
  summary.appendChild(el('span', 't', f.t.toFixed(1) + ' ms'));
  var lane = el('span', 'lane');
  lane.setAttribute('aria-hidden', 'true');
  var dot = el('span', 'dot');
  dot.style.left = 'calc(' + (spans[f.c] ? (f.t / spans[f.c]) * 100 : 0).toFixed(1) + '% - 0.25rem)';
  lane.appendChild(dot);
  summary.appendChild(lane);
  var arrow = el('span', 'dir', ARROWS[f.d]);
  arrow.title = WHO[f.d];
  summary.appendChild(arrow);
  summary.appendChild(el('span', 'conn', trace.connections[f.c]));
  var label = [WHO[f.d], f.k];
  if (f.m) label.push(f.m);
  if (f.s !== undefined) label.push('HTTP ' + f.s);
  summary.appendChild(el('code', '', label.join(' ')));
  summary.appendChild(el('span', 'muted', f.checks.length > 2 ? f.checks.slice(0, 2).join(', ') + ' +' + (f.checks.length - 2) : f.checks.join(', ')));
  details.appendChild(summary);
  var body = el('div', 'body');
  details.appendChild(body);
  details.addEventListener('toggle', function () { if (details.open && !body.firstChild) fill(body, f); });
  item.appendChild(details);
  list.appendChild(item);
  var text = (f.raw + ' ' + (f.m || '') + ' ' + (f.u || '') + ' ' + f.checks.join(' ')).toLowerCase();
  return { item: item, frame: f, text: text };
});

function apply() {
  var check = filters.check.value, method = filters.method.value, dir = filters.dir.value, conn = filters.conn.value;
  var needle = filters.text.value.trim().toLowerCase();
  var shown = 0;
  rows.forEach(function (row) {
    var f = row.frame;
    var visible = (!check || f.checks.indexOf(check) >= 0) && (!method || f.m === method) && (!dir || f.d === dir) &&
      (!conn || String(f.c) === conn) && (!needle || row.text.indexOf(needle) >= 0);
    row.item.hidden = !visible;
    row.item.classList.toggle('hit', Boolean(visible && check));
    if (visible) shown++;
  });
  count.textContent = 'Showing ' + shown + ' of ' + rows.length + ' frames';
}
['check', 'method', 'dir', 'conn'].forEach(function (name) { filters[name].addEventListener('change', apply); });
filters.text.addEventListener('input', apply);
document.getElementById('f-clear').addEventListener('click', function () {
  ['check', 'method', 'dir', 'conn', 'text'].forEach(function (name) { filters[name].value = ''; });
  apply();
});

// From a finding: its frames in the timeline.
Array.prototype.forEach.call(document.querySelectorAll('button.show-trace'), function (button) {
  button.addEventListener('click', function () {
    ['method', 'dir', 'conn', 'text'].forEach(function (name) { filters[name].value = ''; });
    filters.check.value = button.getAttribute('data-check');
    apply();
    var heading = document.getElementById('trace-h');
    heading.scrollIntoView();
    heading.focus();
    say(count.textContent + ' of ' + button.getAttribute('data-check'));
  });
});
document.getElementById('trace-tools').hidden = false;
apply();
})();
`;

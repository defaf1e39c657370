'use strict';
// The adjudication page of `arbiter serve`. Everything it shows comes from
// the server's JSON API (/api/...); the pictures are the reference's own
// SVG. The page's state lives in its URL (?variant=..&rule=..&position=..
// &move=..&judge=..&from=..), so a ruling can be shared as a link.

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';

const state = {
  variants: [],
  variant: 'fide',
  options: [],
  position: '',
  moves: [],
  judge: '',
  from: '',
};

// The headline of each error kind of the API.
const HEADLINES = {
  variant: 'Unknown game',
  option: 'A rule option is not valid',
  position: 'The position text is not valid',
  'move-syntax': 'A move is not written in this game\u2019s notation',
  'illegal-move': 'A move of the history is illegal',
  'ambiguous-move': 'A move is ambiguous',
  unsupported: 'Not supported',
  input: 'The request is not valid',
  'not-found': 'Not found',
  'too-large': 'Too large',
  'media-type': 'The request is not valid',
  method: 'The request is not valid',
  busy: 'The server is busy',
  timeout: 'Out of time',
  internal: 'Internal error of arbiter',
  network: 'The server does not answer',
};

// --- talking to the server ---------------------------------------------

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
  for (let attempt = 0; ; attempt++) {
    let res;
    try {
      res = await fetch(path, init);
    } catch (e) {
      throw { kind: 'network', message: 'the request did not reach arbiter serve (' + e.message + '); is it still running?' };
    }
    let data;
    try {
      data = await res.json();
    } catch (e) {
      throw { kind: 'internal', message: 'the server answered HTTP ' + res.status + ' without JSON' };
    }
    if (res.ok && !data.error) return data;
    const err = data.error || { kind: 'internal', message: 'HTTP ' + res.status };
    // Busy: the server computes other requests; try again shortly.
    if (err.kind === 'busy' && attempt < 4) {
      await new Promise((r) => setTimeout(r, 150 * (attempt + 1)));
      continue;
    }
    err.status = res.status;
    throw err;
  }
}

function request(extra) {
  const r = {
    variant: state.variant,
    options: state.options,
    position: state.position.trim() === '' ? null : state.position.trim(),
    moves: state.moves,
  };
  return Object.assign(r, extra || {});
}

// --- errors --------------------------------------------------------------

function clearError() {
  $('error').hidden = true;
  $('error').textContent = '';
  for (const id of ['variant', 'options', 'position', 'history', 'move']) {
    $(id).removeAttribute('aria-invalid');
  }
}

// Shows an API error: a headline saying what is wrong and where, the
// server's message, and the field marked.
function showError(err, about) {
  let headline = HEADLINES[err.kind] || 'Error';
  let field = null;
  const ply = err.ply;
  if (err.kind === 'position') field = 'position';
  if (err.kind === 'option') field = 'options';
  if (err.kind === 'variant') field = 'variant';
  if (ply !== undefined) {
    if (about === 'judge' && ply === state.moves.length + 1) {
      headline = err.kind === 'move-syntax'
        ? 'The disputed move is not written in this game\u2019s notation'
        : 'The disputed move cannot be judged';
      field = 'move';
    } else if (ply >= 1 && ply <= state.moves.length) {
      const what = {
        'move-syntax': 'is not written in this game\u2019s notation',
        'illegal-move': 'is illegal',
        'ambiguous-move': 'is ambiguous',
      }[err.kind] || 'cannot be played';
      headline = 'Move ' + ply + ' of the moves played (\u201c' + state.moves[ply - 1] + '\u201d) ' + what;
      field = 'history';
    }
  }
  const box = $('error');
  box.textContent = '';
  const h = document.createElement('strong');
  h.textContent = headline;
  const d = document.createElement('span');
  d.className = 'detail';
  d.textContent = err.message || '';
  box.append(h, d);
  box.hidden = false;
  if (field) $(field).setAttribute('aria-invalid', 'true');
}

// --- the URL holds the state ----------------------------------------------

function writeUrl() {
  const p = new URLSearchParams();
  p.set('variant', state.variant);
  for (const o of state.options) p.append('rule', o);
  if (state.position.trim() !== '') p.set('position', state.position.trim());
  for (const m of state.moves) p.append('move', m);
  if (state.judge !== '') p.set('judge', state.judge);
  if (state.from !== '') p.set('from', state.from);
  history.replaceState(null, '', '?' + p.toString());
  $('link').value = location.href;
}

function readUrl() {
  const p = new URLSearchParams(location.search);
  if (p.has('variant')) state.variant = p.get('variant');
  state.options = p.getAll('rule');
  state.position = p.get('position') || '';
  state.moves = p.getAll('move');
  state.judge = p.get('judge') || '';
  state.from = p.get('from') || '';
}

// --- the setup form ----------------------------------------------------------

function currentVariant() {
  return state.variants.find((v) => v.id === state.variant);
}

// Builds the option inputs of the current game, set from state.options.
function buildOptions() {
  const box = $('options');
  for (const el of Array.from(box.querySelectorAll('label'))) el.remove();
  const v = currentVariant();
  const opts = v ? v.options : [];
  $('no-options').hidden = opts.length > 0;
  const given = {};
  for (const o of state.options) {
    const i = o.indexOf('=');
    given[i < 0 ? o : o.slice(0, i)] = i < 0 ? true : o.slice(i + 1);
  }
  for (const o of opts) {
    const label = document.createElement('label');
    let input;
    if (o.kind === 'flag') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = given[o.name] === true || given[o.name] === 'on' || given[o.name] === 'true' || given[o.name] === '1';
    } else if (o.kind === 'choice') {
      input = document.createElement('select');
      for (const value of o.values) {
        const opt = document.createElement('option');
        opt.value = value;
        opt.textContent = value;
        input.append(opt);
      }
      input.value = typeof given[o.name] === 'string' ? given[o.name] : o.default;
    } else if (o.kind === 'int') {
      input = document.createElement('input');
      input.type = 'number';
      input.min = o.min;
      input.max = o.max;
      input.value = typeof given[o.name] === 'string' ? given[o.name] : o.default;
    } else {
      input = document.createElement('input');
      input.type = 'text';
      input.placeholder = 'letters of ' + o.alphabet;
      input.value = typeof given[o.name] === 'string' ? given[o.name] : '';
    }
    input.dataset.name = o.name;
    input.dataset.kind = o.kind;
    if (o.default !== undefined) input.dataset.default = o.default;
    input.addEventListener('change', () => { readForm(); newSetup(); });
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = o.name;
    const doc = document.createElement('span');
    doc.className = 'doc';
    doc.textContent = o.doc;
    label.append(input, name, doc);
    box.append(label);
  }
}

function fillForm() {
  $('variant').value = state.variant;
  const v = currentVariant();
  $('variant-name').textContent = v ? v.name : '';
  $('position').placeholder = v ? v.start : '';
  buildOptions();
  $('position').value = state.position;
  $('history').value = state.moves.join('\n');
  $('move').value = state.judge;
}

function readForm() {
  state.variant = $('variant').value;
  state.options = [];
  for (const input of $('options').querySelectorAll('[data-name]')) {
    const name = input.dataset.name;
    if (input.dataset.kind === 'flag') {
      if (input.checked) state.options.push(name);
    } else {
      const value = String(input.value).trim();
      if (value !== '' && value !== input.dataset.default) state.options.push(name + '=' + value);
    }
  }
  state.position = $('position').value;
  state.moves = $('history').value.split('\n').map((m) => m.trim()).filter((m) => m !== '');
}

// --- the board --------------------------------------------------------------

let generation = 0;

function placeholder(el, text) {
  el.textContent = '';
  const p = document.createElement('p');
  p.className = 'empty';
  p.textContent = text;
  el.append(p);
}

// Puts an SVG picture of the server into `el`, with a focusable,
// clickable polygon over each cell when `cells` are given.
function showPicture(el, svgText, cells) {
  el.innerHTML = svgText;
  const svg = el.querySelector('svg');
  if (!svg || !cells) return;
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', 'board: ' + cells.length + ' cells');
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('class', 'cells');
  for (const c of cells) {
    const poly = document.createElementNS(SVG_NS, 'polygon');
    poly.setAttribute('points', c.points);
    poly.setAttribute('class', 'cell' + (c.cell === state.from ? ' chosen' : ''));
    poly.setAttribute('tabindex', '0');
    poly.setAttribute('role', 'button');
    poly.setAttribute('aria-label', 'cell ' + c.cell);
    poly.dataset.cell = c.cell;
    const pts = c.points.split(' ').map((p) => p.split(',').map(Number));
    poly.dataset.x = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    poly.dataset.y = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    poly.addEventListener('click', () => choose(c.cell));
    poly.addEventListener('keydown', cellKey);
    g.append(poly);
  }
  svg.append(g);
}

// Arrow keys move between cells (the nearest one that way), Enter and
// Space choose the cell, Escape goes back to the position.
function cellKey(ev) {
  const el = ev.currentTarget;
  if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    choose(el.dataset.cell);
    return;
  }
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const d = dirs[ev.key];
  if (!d) return;
  ev.preventDefault();
  const x0 = Number(el.dataset.x);
  const y0 = Number(el.dataset.y);
  let best = null;
  let bestCost = Infinity;
  for (const other of el.parentNode.querySelectorAll('.cell')) {
    const dx = Number(other.dataset.x) - x0;
    const dy = Number(other.dataset.y) - y0;
    const along = dx * d[0] + dy * d[1];
    const across = Math.abs(dx * d[1] - dy * d[0]);
    if (along < 1 || across > along * 1.2) continue;
    const cost = along + 2 * across;
    if (cost < bestCost) { bestCost = cost; best = other; }
  }
  if (best) best.focus();
}

async function refresh() {
  const gen = ++generation;
  shown = setupKey();
  clearError();
  writeUrl();
  $('piece').hidden = true;
  try {
    const [board, moves] = await Promise.all([
      api('/api/play', request({ picture: true })),
      api('/api/moves', request()),
    ]);
    if (gen !== generation) return;
    showPicture($('board'), board.svg, board.cells);
    $('position-now').textContent = board.position;
    const n = moves.moves.length;
    const outcome = board.outcome && board.outcome !== 'none'
      ? 'The game is over: ' + board.outcome.replace('-', ' ') + '. '
      : '';
    $('board-status').textContent = outcome + n + ' legal move' + (n === 1 ? '' : 's') +
      (state.moves.length ? ' after ' + state.moves.length + ' move' + (state.moves.length === 1 ? '' : 's') + ' played.' : ' in this position.');
    $('legal-count').textContent = n + ' legal move' + (n === 1 ? '' : 's') + ' here; type one or pick it from the list.';
    const list = $('legal');
    list.textContent = '';
    for (const m of moves.moves) {
      const o = document.createElement('option');
      o.value = m;
      list.append(o);
    }
    if (state.from !== '') await showPiece(state.from, gen);
  } catch (err) {
    if (gen !== generation) return;
    showError(err, 'setup');
    placeholder($('board'), 'No board: the position could not be set up. The message above says why.');
    $('board-status').textContent = '';
    $('position-now').textContent = '';
    $('legal').textContent = '';
    $('legal-count').textContent = '';
  }
}

// The legal moves of the piece on `cell`, drawn on one board (as
// `arbiter moves --from`).
async function showPiece(cell, gen) {
  try {
    const r = await api('/api/moves', request({ from: cell, picture: true }));
    if (gen !== generation) return;
    showPicture($('board'), r.svg, r.cells);
    const n = r.moves.length;
    $('piece-h').textContent = n + ' legal move' + (n === 1 ? '' : 's') + ' from ' + cell;
    const list = $('piece-moves');
    list.textContent = '';
    for (const m of r.moves) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = m;
      b.addEventListener('click', () => { $('move').value = m; judge(); });
      li.append(b);
      list.append(li);
    }
    $('piece').hidden = false;
    const focused = $('board').querySelector('.cell[data-cell="' + CSS.escape(cell) + '"]');
    if (focused && document.activeElement && document.activeElement.classList.contains('cell')) focused.focus();
  } catch (err) {
    if (gen !== generation) return;
    showError(err, 'piece');
  }
}

function choose(cell) {
  if (state.from === cell) {
    back();
    return;
  }
  state.from = cell;
  writeUrl();
  clearError();
  showPiece(cell, ++generation);
}

function back() {
  state.from = '';
  refresh();
}

// --- the verdict -------------------------------------------------------------

// Inline Markdown of CONFORMANCE.md: `code`, **bold**, *emphasis*, as
// DOM nodes (never as HTML).
function inline(text, into) {
  const re = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/g;
  let at = 0;
  let m;
  while ((m = re.exec(text)) !== null) {
    if (m.index > at) into.append(text.slice(at, m.index));
    const t = m[0];
    let el;
    if (t.startsWith('`')) { el = document.createElement('code'); el.textContent = t.slice(1, -1); }
    else if (t.startsWith('**')) { el = document.createElement('strong'); el.textContent = t.slice(2, -2); }
    else { el = document.createElement('em'); el.textContent = t.slice(1, -1); }
    into.append(el);
    at = m.index + t.length;
  }
  if (at < text.length) into.append(text.slice(at));
}

// An entry's text as paragraphs: list items and table columns start a
// paragraph, indented lines continue one.
function entryParagraphs(text, into) {
  for (const block of text.split('\n\n')) {
    const paras = [];
    for (const line of block.split('\n')) {
      const t = line.trim();
      if (t === '') continue;
      const cont = /^ {2,}/.test(line) && !/^\s*- /.test(line) && paras.length > 0;
      if (cont) paras[paras.length - 1].text += ' ' + t;
      else paras.push({ text: t.replace(/^- /, ''), item: /^\s*- /.test(line) });
    }
    for (const p of paras) {
      const el = document.createElement('p');
      if (p.item) el.className = 'item';
      inline((p.item ? '\u2022 ' : '') + p.text, el);
      into.append(el);
    }
  }
}

// The setup the board shows (a judged move after an edit of the setup
// first shows the new position).
let shown = '';
const setupKey = () => JSON.stringify([state.variant, state.options, state.position.trim(), state.moves]);

async function judge() {
  readForm();
  if (setupKey() !== shown) {
    state.from = '';
    await refresh();
  }
  state.judge = $('move').value.trim();
  writeUrl();
  clearError();
  const box = $('verdict');
  if (state.judge === '') {
    box.hidden = true;
    showError({ kind: 'input', message: 'enter the disputed move first (the list offers the legal ones)' }, 'judge');
    $('move').setAttribute('aria-invalid', 'true');
    return;
  }
  const gen = ++generation;
  try {
    const r = await api('/api/explain', request({ move: state.judge }));
    if (gen !== generation) return;
    const line = $('verdict-line');
    line.className = 'verdict ' + (r.legal ? 'legal' : 'illegal');
    $('verdict-word').textContent = r.legal ? 'Legal:' : 'Illegal:';
    $('verdict-move').textContent = r.move;
    $('verdict-reason').textContent = r.reason.charAt(0).toUpperCase() + r.reason.slice(1) + '.';
    const rules = $('verdict-rules');
    rules.textContent = '';
    const rh = document.createElement('h3');
    rh.textContent = r.rules.length === 1 ? 'The rule that decides it' : 'The rules that decide it';
    rules.append(rh);
    for (const id of r.rules) {
      const art = document.createElement('article');
      art.className = 'rule';
      art.id = 'rule-' + id;
      const h = document.createElement('h4');
      h.textContent = id + ' ';
      const entry = r.entries.find((e) => e.id === id);
      if (entry) {
        const s = document.createElement('span');
        s.className = 'section';
        s.textContent = '(CONFORMANCE.md, ' + entry.section + ')';
        h.append(s);
        art.append(h);
        entryParagraphs(entry.text, art);
      } else {
        art.append(h);
        const p = document.createElement('p');
        p.textContent = 'CONFORMANCE.md has no entry for this rule ID.';
        art.append(p);
      }
      rules.append(art);
    }
    if (r.rules.length === 0) {
      const p = document.createElement('p');
      p.textContent = 'No rule ID is named for this verdict.';
      rules.append(p);
    }
    if (r.svg) showPicture($('verdict-picture'), r.svg, null);
    else placeholder($('verdict-picture'), 'This game has no pictures.');
    box.hidden = false;
  } catch (err) {
    if (gen !== generation) return;
    box.hidden = true;
    showError(err, 'judge');
  }
}

function newSetup() {
  state.from = '';
  state.judge = '';
  $('move').value = '';
  $('verdict').hidden = true;
  refresh();
}

// --- start -------------------------------------------------------------------

async function start() {
  readUrl();
  try {
    const r = await api('/api/variants');
    state.variants = r.variants;
  } catch (err) {
    showError(err, 'setup');
    return;
  }
  const sel = $('variant');
  for (const v of state.variants) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = v.id + ' \u2014 ' + v.name;
    sel.append(o);
  }
  if (!currentVariant()) {
    const asked = state.variant;
    state.variant = state.variants[0].id;
    fillForm();
    showError({ kind: 'variant', message: 'the link names the game \u201c' + asked + '\u201d, which this server does not know; showing ' + state.variant }, 'setup');
    return;
  }
  fillForm();
  await refresh();
  if (state.judge !== '') await judge();
}

$('variant').addEventListener('change', () => {
  state.variant = $('variant').value;
  state.options = [];
  state.position = '';
  state.moves = [];
  fillForm();
  newSetup();
});
$('setup-form').addEventListener('submit', (ev) => { ev.preventDefault(); readForm(); newSetup(); });
for (const id of ['position', 'history']) {
  $(id).addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); readForm(); newSetup(); }
  });
}
$('start').addEventListener('click', () => {
  $('position').value = '';
  $('history').value = '';
  readForm();
  newSetup();
});
$('undo').addEventListener('click', () => {
  readForm();
  state.moves.pop();
  $('history').value = state.moves.join('\n');
  newSetup();
});
$('judge-form').addEventListener('submit', (ev) => { ev.preventDefault(); judge(); });
$('play').addEventListener('click', () => {
  const m = $('move').value.trim();
  if (m === '') { judge(); return; }
  readForm();
  state.moves.push(m);
  $('history').value = state.moves.join('\n');
  newSetup();
});
$('back').addEventListener('click', back);
document.addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape' && state.from !== '') back();
});
$('share').addEventListener('click', async () => {
  writeUrl();
  $('link').select();
  try {
    await navigator.clipboard.writeText(location.href);
    $('share').textContent = 'Link copied';
  } catch (e) {
    $('share').textContent = 'Link selected: copy it with Ctrl+C';
  }
});

start();

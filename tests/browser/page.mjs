// Drives the page of `arbiter serve` in Debian's Chromium through
// playwright-core (no browser download: executablePath is the system's
// chromium). Run by tests/browser.rs, one scenario per process:
//
//   node tests/browser/page.mjs URL SCENARIO SHOT_DIR
//
// Each scenario checks what the page shows and saves a screenshot
// SHOT_DIR/serve-<scenario>.png; it exits 0 when every check holds, 1
// with the failed check on stderr otherwise. A console error or a page
// error (a Content-Security-Policy violation too) fails the scenario.
import { chromium } from 'playwright-core';
import path from 'node:path';
import fs from 'node:fs';

const [url, scenario, shotDir] = process.argv.slice(2);
if (!url || !scenario || !shotDir) {
  console.error('usage: node page.mjs URL SCENARIO SHOT_DIR');
  process.exit(2);
}

const ROOK_D2 = '4k3/8/1p1p2p1/8/8/6P1/3R4/4K3 w - - 0 1 - K=K KNA=K';
const ROOK_D2_MOVES = [
  'd2-a2', 'd2-b2', 'd2-c2', 'd2-d1', 'd2-d3', 'd2-d4', 'd2-d5', 'd2-e2', 'd2-f2', 'd2-g2', 'd2-h2',
  'd2xd6xb6-b1:ccw', 'd2xd6xg6-g4:cw',
];
const HOP_POSITION = 'r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5';
const HOP_MOVE = 'd2-d3@a5';

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what);
}

const problems = [];
// playwright-core starts the browser headless with a fresh profile of its
// own (a new temporary --user-data-dir) and removes it on close.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // Chromium logs every 4xx answer as a console error; the page shows
  // those itself (the bad-position scenario checks how).
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push('console error: ' + m.text());
  });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(shotDir, 'serve-' + name + '.png'), fullPage: true });
}

async function boardShown(page) {
  await page.waitForSelector('#board svg .cell', { timeout: 15000 });
}

// What the verdict panel says, to compare two openings of one ruling.
async function verdict(page) {
  await page.waitForSelector('#verdict:not([hidden])', { timeout: 15000 });
  return page.evaluate(() => ({
    word: document.getElementById('verdict-word').textContent,
    move: document.getElementById('verdict-move').textContent,
    reason: document.getElementById('verdict-reason').textContent,
    rules: Array.from(document.querySelectorAll('#verdict-rules .rule')).map((r) => [r.id, r.textContent]),
    picture: document.querySelector('#verdict-picture svg title')?.textContent ?? null,
  }));
}

const scenarios = {
  // The page loads: every game listed, the fide start drawn, no error.
  async load(page) {
    await page.goto(url);
    await boardShown(page);
    const games = await page.$$eval('#variant option', (os) => os.map((o) => o.value));
    for (const g of ['fide', 'sonic', 'hop', 'crazy', 'bosses', 'english', 'glinski', 'sonic-hex']) {
      check(games.includes(g), 'game ' + g + ' listed (got ' + games + ')');
    }
    check(await page.$$eval('#board .cell', (c) => c.length) === 64, '64 clickable cells');
    check(await page.isHidden('#error'), 'no error shown');
    const status = await page.textContent('#board-status');
    check(status.includes('20 legal moves'), 'status names 20 legal moves: ' + status);
    check((await page.title()).includes('arbiter'), 'title');
    await shot(page, 'load');
  },

  // The rook-d2 diagram of Sonic Chess Advanced: clicking d2 draws every
  // move of the rook, the two bounce branches through d6 among them.
  async 'sonic-rook-d2'(page) {
    await page.goto(url + '?variant=sonic&position=' + encodeURIComponent(ROOK_D2));
    await boardShown(page);
    await page.click('#board .cell[data-cell="d2"]');
    await page.waitForSelector('#piece:not([hidden])');
    const moves = await page.$$eval('#piece-moves button', (bs) => bs.map((b) => b.textContent));
    check(JSON.stringify(moves) === JSON.stringify(ROOK_D2_MOVES), 'the rook\'s moves: ' + moves);
    const bounces = moves.filter((m) => (m.match(/x/g) || []).length === 2);
    check(bounces.length === 2, 'two bounce branches');
    const title = await page.textContent('#board svg title');
    check(title.includes('13 legal moves') && title.includes('d2'), 'picture title: ' + title);
    // The picture draws each bounce (cw and ccw rotation tags).
    const svg = await page.innerHTML('#board');
    check(/ccw/.test(svg) && /\bcw\b/.test(svg), 'rotation tags drawn');
    check(new URL(page.url()).searchParams.get('from') === 'd2', 'the URL holds the chosen piece');
    await shot(page, 'sonic-rook-d2');
    // Keyboard: Escape goes back, Enter on a focused cell chooses it.
    await page.keyboard.press('Escape');
    await page.waitForSelector('#piece[hidden]', { state: 'attached' });
    await boardShown(page);
    await page.focus('#board .cell[data-cell="d1"]');
    await page.keyboard.press('ArrowUp');
    const focused = await page.evaluate(() => document.activeElement?.dataset?.cell);
    check(focused === 'd2', 'ArrowUp from d1 focuses d2 (got ' + focused + ')');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#piece:not([hidden])');
    check((await page.$$eval('#piece-moves button', (bs) => bs.length)) === 13, 'Enter shows the 13 moves');
  },

  // An illegal Hop Chess move entered through the form: the verdict names
  // HOP-7 and shows its CONFORMANCE.md text and the picture.
  async 'hop-illegal'(page) {
    await page.goto(url);
    await boardShown(page);
    await page.selectOption('#variant', 'hop');
    await boardShown(page);
    await page.fill('#position', HOP_POSITION);
    await page.click('#show');
    await page.waitForFunction(() => document.getElementById('position-now').textContent.includes('d4 f5'));
    await page.fill('#move', HOP_MOVE);
    await page.press('#move', 'Enter');
    const v = await verdict(page);
    check(v.word === 'Illegal:', 'verdict word: ' + v.word);
    check(v.move === HOP_MOVE, 'move: ' + v.move);
    check(v.rules.length === 1 && v.rules[0][0] === 'rule-HOP-7', 'rules: ' + JSON.stringify(v.rules));
    check(v.rules[0][1].includes('A turn is legal only if the mover\'s king is not attacked after the whole turn'), 'HOP-7 text shown');
    check(v.picture && v.picture.startsWith('illegal: d2-d3@a5 [HOP-7]'), 'picture title: ' + v.picture);
    check(await page.isVisible('.verdict.illegal'), 'verdict styled illegal');
    const link = await page.inputValue('#link');
    check(link.includes('judge=') && link.includes('variant=hop'), 'share link: ' + link);
    await shot(page, 'hop-illegal');
  },

  // The shared link of a ruling, opened afresh, gives the same verdict.
  async 'shared-link'(page) {
    const link = url + '?variant=hop&position=' + encodeURIComponent(HOP_POSITION) + '&judge=' + encodeURIComponent(HOP_MOVE);
    await page.goto(link);
    const first = await verdict(page);
    check(first.word === 'Illegal:' && first.rules[0][0] === 'rule-HOP-7', 'verdict from the link: ' + JSON.stringify(first));
    // The page's own share link reopens to the same verdict.
    const again = await page.inputValue('#link');
    const other = await newPage();
    await other.goto(again);
    const second = await verdict(other);
    check(JSON.stringify(first) === JSON.stringify(second), 'same verdict through the page\'s link');
    await shot(other, 'shared-link');
  },

  // A malformed position text: a clear message naming the problem, the
  // field marked, no board and no blank page.
  async 'bad-position'(page) {
    await page.goto(url);
    await boardShown(page);
    await page.fill('#position', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1');
    await page.click('#show');
    await page.waitForSelector('#error:not([hidden])');
    const text = await page.textContent('#error');
    check(text.startsWith('The position text is not valid'), 'headline: ' + text);
    check(/rank|board/i.test(text), 'the message names the field: ' + text);
    check((await page.getAttribute('#position', 'aria-invalid')) === 'true', 'position field marked');
    check(await page.isVisible('#board .empty'), 'the board says why it is empty');
    // Fixing it brings the board back.
    await page.fill('#position', '');
    await page.click('#show');
    await boardShown(page);
    check(await page.isHidden('#error'), 'error gone after the fix');
    await page.fill('#position', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1');
    await page.click('#show');
    await page.waitForSelector('#error:not([hidden])');
    await shot(page, 'bad-position');
  },
};

let code = 0;
try {
  const run = scenarios[scenario];
  if (!run) throw new Error('no scenario ' + scenario + ' (' + Object.keys(scenarios).join(', ') + ')');
  const page = await newPage();
  await run(page);
  if (problems.length) throw new Error(problems.join('\n'));
  console.log('ok ' + scenario);
} catch (e) {
  console.error(scenario + ': ' + (e && e.stack ? e.stack : e));
  code = 1;
} finally {
  await browser.close();
}
process.exit(code);

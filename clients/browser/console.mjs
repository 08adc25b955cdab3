// Drives the web console (/console) in a headless Chromium against a live execd: the
// token prompt hides every session until a token is given, the list follows /events, a
// vim in a PTY is drawn from the screen stream and edited through the page's keyboard,
// a pipe session's log follows live with stderr told apart, and rename, signal and delete
// act from the list.
// Screenshots of each view go to target/ (console-list.png, console-terminal.png,
// console-log.png).
// Usage: EXECD_URL=http://127.0.0.1:<port> [EXECD_TOKEN=<token>] node console.mjs
import { mkdtempSync, mkdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const base = (process.env.EXECD_URL || '').replace(/\/+$/, '');
const token = process.env.EXECD_TOKEN || '';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const shots = process.env.SCREENSHOT_DIR || resolve(dirname(fileURLToPath(import.meta.url)), '../../target');
const TIMEOUT = 20_000;
// A conversation of its own, so sessions of earlier runs never show up.
const conversation = `console-${process.pid}-${Date.now()}`;

if (!base) fail('EXECD_URL is not set');

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function api(method, path, body) {
  const headers = { 'Content-Type': 'application/json', 'X-Conversation-Id': conversation };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  check(response.ok, `${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function start(body) {
  return (await api('POST', '/sessions', { yield_time_ms: 0, ...body })).session.session_id;
}

function row(page, name) {
  return page.locator('#sessions tr').filter({ has: page.getByRole('link', { name, exact: true }) });
}

async function until(what, probe) {
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    if (await probe()) return;
    check(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function terminalText(page) {
  return page.$$eval('#terminal .row', (rows) => rows.map((r) => r.textContent).join('\n'));
}

async function tokenPromptHidesData(browser, sleeper) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/console/`);
  await page.locator('#token').waitFor({ state: 'visible', timeout: TIMEOUT });
  check(await page.locator('#sessions tr').count() === 0, 'rows are shown without a token');
  check(!(await page.content()).includes(sleeper), 'a session id is in the page without a token');
  console.log('ok - without a token the console shows the token prompt and no sessions');
  await context.close();
}

async function openList(page) {
  await page.goto(`${base}/console`);
  if (token) {
    await page.locator('#token').fill(token);
    await page.locator('#token-form button').click();
  }
  await page.locator('#list').waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.locator('#conversation').fill(conversation);
  await page.locator('#conversation').press('Enter');
  await page.locator(`#sessions[data-conversation="${conversation}"]`).waitFor({ state: 'attached', timeout: TIMEOUT });
}

async function listFollowsEvents(page) {
  await row(page, 'sleeper').waitFor({ timeout: TIMEOUT });
  console.log('ok - the list shows the running session "sleeper"');
  // Started after the page loaded: only /events can bring it in.
  await start({ name: 'ticker', cmd: 'for i in $(seq 1 200); do echo out-$i; echo err-$i >&2; sleep 0.2; done' });
  await row(page, 'ticker').waitFor({ timeout: TIMEOUT });
  const cells = await row(page, 'sleeper').locator('td').allTextContents();
  check(cells[1] === 'sleep 300' && cells[2] === 'running' && cells[8] === 'pipe',
    `the sleeper's row reads ${JSON.stringify(cells)}`);
  await row(page, 'markup').waitFor({ timeout: TIMEOUT });
  check(await row(page, 'markup').locator('td.cmd').textContent() === "echo '<b>not bold</b>'",
    'a command with markup is not shown as its text');
  check(await page.locator('#sessions b').count() === 0, 'output was rendered as markup');
  console.log('ok - a session started later appears through /events; markup in a command stays text');
  await page.screenshot({ path: join(shots, 'console-list.png'), fullPage: true });
}

async function logFollows(page) {
  await row(page, 'ticker').getByRole('link').click();
  await page.locator('#log-pane').waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.locator('#log .stdout', { hasText: 'out-3' }).first().waitFor({ timeout: TIMEOUT });
  const seen = await page.locator('#log').textContent();
  const last = Math.max(...[...seen.matchAll(/out-(\d+)/g)].map((m) => Number(m[1])));
  await page.locator('#log .stdout', { hasText: `out-${last + 5}` }).first().waitFor({ timeout: TIMEOUT });
  check(await page.locator('#log .stderr', { hasText: 'err-3' }).count() > 0, 'stderr is not told apart');
  console.log(`ok - the pipe log follows live (out-${last} then out-${last + 5}), stderr in its own class`);
  await page.locator('#search').fill('out-2');
  await page.locator('#search-form button').click();
  await page.locator('#search-results li', { hasText: 'out-2' }).first().waitFor({ timeout: TIMEOUT });
  check(!(await page.locator('#search-results').textContent()).includes('out-3'), 'search shows lines that do not match');
  console.log('ok - search lists the matching lines of the log');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download').click()]);
  const saved = readFileSync(await download.path(), 'utf8');
  // stdout and stderr are one log, in the order the reader met them.
  check(download.suggestedFilename() === 'ticker.log'
    && ['out-1\n', 'err-1\n', 'out-5\n'].every((line) => saved.includes(line)),
    `the download is ${download.suggestedFilename()}: ${saved.slice(0, 100)}`);
  console.log('ok - download log saves the whole log (with the bearer header when there is a token)');
  await page.screenshot({ path: join(shots, 'console-log.png'), fullPage: true });
}

async function loadEarlier(page) {
  // 20000 lines are about 108 KB, more than the 64 KiB the view starts with.
  const id = await start({ name: 'counter', cmd: 'seq 1 20000', yield_time_ms: 5000 });
  await page.goto(`${base}/console/#/s/${id}`);
  await page.locator('#log .stdout', { hasText: '20000' }).waitFor({ timeout: TIMEOUT });
  check(!(await page.locator('#log').textContent()).startsWith('1\n'), 'the whole log was loaded at once');
  await page.locator('#load-earlier').click();
  await until('the start of the log', async () => (await page.locator('#log').textContent()).startsWith('1\n2\n3\n'));
  const numbers = (await page.$$eval('#log .earlier, #log .stdout', (spans) => spans.map((s) => s.textContent).join('')))
    .trim().split('\n');
  check(numbers.length === 20000 && numbers.every((n, i) => n === String(i + 1)),
    `the log is not 1..20000 in order after "load earlier" (${numbers.length} lines)`);
  check(await page.locator('#load-earlier').isHidden(), '"load earlier" is still offered at offset 0');
  console.log('ok - "load earlier" prepends the bytes before, by offset, and stops at the start');

  // Both streams, about 150 KB: the earlier part keeps stderr apart too.
  const both = await start({ name: 'both', yield_time_ms: 5000,
    cmd: 'for i in $(seq 1 8000); do echo out-$i; echo err-$i >&2; done' });
  await page.goto(`${base}/console/#/s/${both}`);
  await until('the end of both streams', async () => (await page.locator('#log').textContent()).includes('err-8000'));
  for (let i = 0; i < 5 && !(await page.locator('#load-earlier').isHidden()); i++) {
    const before = await page.locator('#log span').count();
    await page.locator('#load-earlier').click();
    await until('earlier output', async () => (await page.locator('#log span').count()) > before);
  }
  const lines = async (kind) => (await page.$$eval(`#log .${kind}`, (spans) => spans.map((s) => s.textContent).join('')))
    .trim().split('\n');
  const out = await lines('stdout');
  const err = await lines('stderr');
  check(out.length === 8000 && out.every((line, i) => line === `out-${i + 1}`),
    `stdout is not out-1..out-8000 after "load earlier" (${out.length} lines, first ${out[0]})`);
  check(err.length === 8000 && err.every((line, i) => line === `err-${i + 1}`),
    `stderr is not err-1..err-8000 after "load earlier" (${err.length} lines, first ${err[0]})`);
  console.log('ok - "load earlier" keeps stdout and stderr apart');
}

async function vimThroughThePage(page) {
  const file = join(mkdtempSync(join(tmpdir(), 'execd-console-')), 'notes.txt');
  const id = await start({ name: 'editor', tty: true, cols: 80, rows: 20, argv: ['vim', '-u', 'NONE', file] });
  await page.goto(`${base}/console/#/s/${id}`);
  await page.locator('#terminal .row').first().waitFor({ timeout: TIMEOUT });
  // The page must show what the server's emulator shows (vim may clear its file message
  // once the terminal answered its queries, so the text itself is not waited for).
  await until('vim on the screen, as the server has it', async () => {
    const shown = (await terminalText(page)).split('\n').map((line) => line.trimEnd());
    const { lines } = await api('GET', `/sessions/${id}/screen`);
    return shown.filter((line) => line === '~').length >= 10 && JSON.stringify(shown) === JSON.stringify(lines);
  });
  check(await page.$$eval('#terminal .row span', (spans) => spans.some((span) => span.style.color)),
    'no colour drawn (vim draws its "~" in blue)');
  console.log('ok - vim in a PTY is drawn from the screen stream, with colours');
  await page.waitForTimeout(500);
  check((await api('GET', `/sessions/${id}`)).cols === 80, 'watching resized the terminal');
  await page.locator('#control').check();
  await until('the terminal to take the window\'s size', async () => (await api('GET', `/sessions/${id}`)).cols > 80);
  const { cols, rows } = await api('GET', `/sessions/${id}`);
  await until('a frame of the new size', async () =>
    (await page.locator('#terminal').getAttribute('data-cols')) === String(cols));
  console.log(`ok - watching keeps 80x20; taking control resizes to the window (${cols}x${rows})`);
  await page.locator('#terminal').click();
  await page.keyboard.type('ihello');
  // A paste: its backslash must arrive as one (chars decodes escapes), its line break as Enter.
  await page.locator('#terminal').evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, ' a\\x41\nnext');
  // vim -u NONE is vi-compatible: no "-- INSERT --", the text is the proof.
  await until('the typed and pasted text on the screen',
    async () => /^hello a\\x41 *\nnext/.test(await terminalText(page)));
  check(await page.locator('#terminal .cursor').count() === 1, 'no cursor drawn');
  await page.screenshot({ path: join(shots, 'console-terminal.png') });
  await page.keyboard.press('Escape');
  await page.keyboard.type(':wq');
  await page.keyboard.press('Enter');
  await until('vim to write the file', async () => existsSync(file) && readFileSync(file, 'utf8') === 'hello a\\x41\nnext\n');
  console.log('ok - "ihello", a paste and "<Esc>:wq<Enter>" typed in the page wrote the file');
}

async function coloursDrawn(page) {
  const id = await start({ name: 'colours', tty: true, cols: 40, rows: 5,
    argv: ['bash', '-c', "printf '\\e[1;31mred bold\\e[0m \\e[7minverse\\e[0m \\e[38;2;1;2;3mrgb\\e[0m'; sleep 60"] });
  await page.goto(`${base}/console/#/s/${id}`);
  await until('the coloured text', async () => (await terminalText(page)).startsWith('red bold inverse rgb'));
  const styled = await page.$$eval('#terminal .row:first-child span', (spans) => spans.map((span) =>
    ({ text: span.textContent, color: span.style.color, background: span.style.backgroundColor, bold: span.classList.contains('b') })));
  const find = (text) => styled.find((span) => span.text === text) || {};
  check(find('red bold').color === 'rgb(205, 49, 49)' && find('red bold').bold, `"red bold" is drawn ${JSON.stringify(find('red bold'))}`);
  check(find('inverse').background !== '', `"inverse" is drawn ${JSON.stringify(find('inverse'))}`);
  check(find('rgb').color === 'rgb(1, 2, 3)', `"rgb" is drawn ${JSON.stringify(find('rgb'))}`);
  console.log('ok - ANSI, inverse and direct colours and bold are drawn from the styles');
}

async function actionsInTheList(page) {
  await page.goto(`${base}/console/#/`);
  await row(page, 'sleeper').waitFor({ timeout: TIMEOUT });
  page.once('dialog', (dialog) => dialog.accept('napper'));
  await row(page, 'sleeper').getByRole('button', { name: 'rename' }).click();
  await row(page, 'napper').waitFor({ timeout: TIMEOUT });
  console.log('ok - rename in the list renames the session');
  await row(page, 'napper').getByRole('combobox', { name: 'signal' }).selectOption('SIGTERM');
  await row(page, 'napper').getByRole('button', { name: 'signal' }).click();
  await row(page, 'napper').locator('td.status', { hasText: 'exited' }).waitFor({ timeout: TIMEOUT });
  const ended = (await api('GET', '/sessions')).sessions.find((s) => s.name === 'napper');
  check(ended.signal === 'SIGTERM', `the session ended by ${ended.signal}, not SIGTERM`);
  console.log('ok - signal TERM in the list ends the session');
  page.once('dialog', (dialog) => dialog.accept());
  await row(page, 'napper').getByRole('button', { name: 'delete' }).click();
  await row(page, 'napper').waitFor({ state: 'detached', timeout: TIMEOUT });
  const left = (await api('GET', '/sessions')).sessions.map((s) => s.name);
  check(!left.includes('napper'), `the server still has the session: ${left}`);
  console.log('ok - delete in the list removes the session and its row');
}

mkdirSync(shots, { recursive: true });
let browser;
let page;
try {
  const sleeper = await start({ name: 'sleeper', cmd: 'sleep 300' });
  await start({ name: 'markup', cmd: "echo '<b>not bold</b>'" });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  if (token) await tokenPromptHidesData(browser, sleeper);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  await openList(page);
  await listFollowsEvents(page);
  await logFollows(page);
  await loadEarlier(page);
  await vimThroughThePage(page);
  await coloursDrawn(page);
  await actionsInTheList(page);
  check(problems.length === 0, problems.join('\n'));
  console.log('ok - no script errors and no Content-Security-Policy violations');
  page = undefined;
} catch (error) {
  if (page) {
    await page.screenshot({ path: join(shots, 'console-fail.png'), fullPage: true }).then(
      () => console.error(`screenshot: ${join(shots, 'console-fail.png')}`), () => {});
  }
  await browser?.close().catch(() => {});
  fail(error?.message || String(error));
}
await browser.close();
console.log(`PASS: the console lists, follows, drives vim and deletes (screenshots in ${shots})`);

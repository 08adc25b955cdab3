// Drives Swagger UI in a headless Chromium against a live execd: every operation of the
// contract is listed, and "Try it out" on POST /sessions works through the Authorize
// dialog with a bearer token (201 with the command's output) and fails without it (401).
// Then Execute on every operation in the order of `tour` with every default as the page
// offers it (only session ids are typed in, and a file chosen where the body is a file):
// each succeeds with the status the page shows, and the first session is in the default
// conversation, which the default listing shows.
// Usage: EXECD_URL=http://127.0.0.1:<port> EXECD_TOKEN=<token> node swagger-try-it-out.mjs
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = (process.env.EXECD_URL || '').replace(/\/+$/, '');
const token = process.env.EXECD_TOKEN || '';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const screenshot = '/tmp/swagger-fail.png';
const body = '{"cmd": "echo from-swagger", "yield_time_ms": 5000}';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

if (!base) fail('EXECD_URL is not set');
if (!token) fail('EXECD_TOKEN is not set');

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function operationsOfContract() {
  const response = await fetch(`${base}/v3/api-docs`);
  check(response.ok, `GET /v3/api-docs answered ${response.status} (it must be public)`);
  const doc = await response.json();
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths || {})) {
    for (const method of METHODS) {
      if (item[method]) operations.push({ method, path });
    }
  }
  check(operations.length > 0, '/v3/api-docs lists no operations');
  return operations;
}

async function openSwaggerUi(page) {
  await page.goto(`${base}/swagger-ui/index.html`, { waitUntil: 'domcontentloaded' });
  await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 30_000 });
  // Expand any tag section that is collapsed, so every operation is in the page.
  for (const tag of await page.locator('.opblock-tag-section:not(.is-open) .opblock-tag').all()) {
    await tag.click();
  }
}

async function checkAllListed(page, operations) {
  const listed = await page.$$eval('.opblock', (blocks) => blocks.map((block) => {
    const method = (block.querySelector('.opblock-summary-method')?.textContent || '').trim().toLowerCase();
    const pathEl = block.querySelector('.opblock-summary-path');
    const path = pathEl?.getAttribute('data-path') || (pathEl?.textContent || '').replace(/\u200b/g, '').trim();
    return `${method} ${path}`;
  }));
  const seen = new Set(listed);
  const missing = operations.filter(({ method, path }) => !seen.has(`${method} ${path}`));
  check(missing.length === 0,
    `Swagger UI does not list: ${missing.map(({ method, path }) => `${method.toUpperCase()} ${path}`).join(', ')}`);
  console.log(`ok - Swagger UI lists all ${operations.length} operations of /v3/api-docs`);
}

async function authorize(page) {
  await page.locator('.btn.authorize').first().click();
  const dialog = page.locator('.dialog-ux .modal-ux');
  await dialog.waitFor({ state: 'visible' });
  const input = dialog.locator('.auth-container input').first();
  await input.fill(token);
  await dialog.locator('.modal-btn.auth').first().click();
  // After authorizing, the dialog offers Logout: proof the value was accepted by the UI.
  await dialog.locator('.auth-container button', { hasText: 'Logout' }).first().waitFor({ state: 'visible' });
  await dialog.locator('.btn-done').first().click();
  await dialog.waitFor({ state: 'hidden' });
}

function postSessions(page) {
  return page.locator('.opblock.opblock-post')
    .filter({ has: page.locator('.opblock-summary-path[data-path="/sessions"]') })
    .first();
}

async function tryPostSessions(page) {
  const op = postSessions(page);
  await op.waitFor({ state: 'visible' });
  if (!(await op.evaluate((el) => el.classList.contains('is-open')))) {
    await op.locator('.opblock-summary').first().click();
  }
  await op.locator('button.try-out__btn').click();
  const textarea = op.locator('textarea.body-param__text');
  await textarea.waitFor({ state: 'visible' });
  await textarea.fill(body);
  check((await textarea.inputValue()) === body, 'the request body textarea did not take the new body');
  const request = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/sessions', { timeout: 30_000 });
  await op.locator('button.execute').click();
  const wire = await request;
  // The live response section appears after Execute ("Server response").
  const live = op.locator('.live-responses-table');
  await live.waitFor({ state: 'visible', timeout: 30_000 });
  const row = live.locator('tbody tr.response').first();
  const status = ((await row.locator('.response-col_status').textContent()) || '').trim();
  const text = (await row.locator('.response-col_description').textContent()) || '';
  return { status, text, wireStatus: wire.status(), authHeader: wire.request().headers()['authorization'] };
}

function operation(page, method, path) {
  return page.locator(`.opblock.opblock-${method}`)
    .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) })
    .first();
}

// Whether a pathname is the template's, with the path parameters given (others: any).
function matchesPath(template, params, pathname) {
  const escape = (s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const pattern = template.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return escape(part);
    return name in params ? escape(encodeURIComponent(params[name])) : '[^/]+';
  }).join('');
  return new RegExp(`^${pattern}$`).test(pathname);
}

// Execute with the page's defaults. Only path parameters given in `params` are typed in,
// `example` picks a request body example other than the first, `files` are chosen in
// the file inputs a binary body has (the page has no default file).
// Clicks in the tour do not wait after the action: Playwright can wait there for a
// navigation that never comes once the page has run many requests.
const NO_WAIT = { noWaitAfter: true };

async function executeWithDefaults(page, method, path, params = {}, options = {}) {
  const op = operation(page, method, path);
  await op.waitFor({ state: 'visible' });
  if (!(await op.evaluate((el) => el.classList.contains('is-open')))) {
    await op.locator('.opblock-summary').first().click(NO_WAIT);
  }
  const tryOut = op.locator('button.try-out__btn');
  if (!(await tryOut.evaluate((el) => el.classList.contains('cancel')))) {
    await tryOut.click(NO_WAIT);
  }
  const clear = op.locator('button.btn-clear');
  if (await clear.count()) await clear.first().click(NO_WAIT);
  for (const [name, value] of Object.entries(params)) {
    await op.locator(`tr[data-param-name="${name}"] input`).first().fill(value);
  }
  if (options.example) {
    await op.locator('.opblock-section-request-body select.examples-select-element').first()
      .selectOption(options.example, NO_WAIT);
  }
  if (options.files) {
    const inputs = op.locator('.opblock-section-request-body input[type="file"]');
    await inputs.first().setInputFiles(options.files);
  }
  const request = page.waitForResponse(
    (r) => r.request().method() === method.toUpperCase() && matchesPath(path, params, new URL(r.url()).pathname),
    { timeout: 30_000 });
  await op.locator('button.execute').click(NO_WAIT);
  const wire = await request;
  const result = { op, status: wire.status(), headers: wire.request().headers(), url: wire.url(), wire };
  if (options.hold) return result;
  result.shown = await shownStatus(op);
  // The inspector keeps a limited amount of bodies; the page shows a text body anyway.
  result.bytes = await wire.body().catch(() => undefined);
  result.body = result.bytes?.toString('utf8')
    ?? ((await op.locator('.live-responses-table .response-col_description pre').first().textContent()
      .catch(() => '')) || '');
  return result;
}

async function collapse(op) {
  if (await op.evaluate((el) => el.classList.contains('is-open'))) {
    await op.locator('.opblock-summary').first().click(NO_WAIT);
  }
}

// The status Swagger UI shows under "Server response", once the whole body arrived.
async function shownStatus(op, timeout = 30_000) {
  const cell = op.locator('.live-responses-table tbody tr.response .response-col_status').first();
  await cell.waitFor({ state: 'visible', timeout });
  return ((await cell.textContent()) || '').trim();
}

// The order in which every default works on a fresh server: each step makes what the
// next ones need (a session, a shell session and its command, a watch, files). `params`
// names the path parameters typed in (from `vars`, filled by earlier steps); `hold`
// marks a stream that stays open, whose status is checked on the wire.
function tour(vars, scratch, hello, upload) {
  const json = (result) => JSON.parse(result.body);
  return [
    { method: 'post', path: '/sessions', expect: [201], after: async (r) => {
      const conversation = r.headers['x-conversation-id'];
      check(conversation === undefined || conversation === 'default',
        `the default POST /sessions went to conversation ${conversation}, not the default one`);
      vars.id = json(r).session.session_id;
    } },
    { method: 'get', path: '/sessions', expect: [200], after: async (r) => {
      const sessions = json(r).sessions.map((s) => s.session_id);
      check(sessions.includes(vars.id), `the session started from Swagger UI is not in the default listing: ${sessions}`);
    } },
    { method: 'get', path: '/sessions/{id}', params: { id: 'id' }, expect: [200] },
    { method: 'post', path: '/sessions/{id}/stdin', params: { id: 'id' }, expect: [200], after: async (r) => {
      check(r.body.includes('42'), `the default stdin did not answer 42: ${r.body.slice(0, 300)}`);
    } },
    { method: 'get', path: '/sessions/{id}/output', params: { id: 'id' }, expect: [200] },
    { method: 'get', path: '/sessions/{id}/log', params: { id: 'id' }, expect: [200, 206] },
    { method: 'get', path: '/sessions/{id}/screen', params: { id: 'id' }, expect: [200] },
    { method: 'get', path: '/sessions/{id}/records', params: { id: 'id' }, expect: [200] },
    { method: 'get', path: '/sessions/{id}/search', params: { id: 'id' }, expect: [200] },
    { method: 'get', path: '/sessions/search', expect: [200] },
    { method: 'get', path: '/sessions/{id}/processes', params: { id: 'id' }, expect: [200] },
    { method: 'post', path: '/sessions/{id}/resize', params: { id: 'id' }, expect: [200] },
    { method: 'patch', path: '/sessions/{id}', params: { id: 'id' }, expect: [200] },
    { method: 'post', path: '/sessions/{id}/watches', params: { id: 'id' }, expect: [201] },
    { method: 'get', path: '/sessions/{id}/watches', params: { id: 'id' }, expect: [200] },
    { method: 'get', path: '/sessions/{id}/watches/{name}', params: { id: 'id' }, expect: [200] },
    { method: 'delete', path: '/sessions/{id}/watches/{name}', params: { id: 'id' }, expect: [204] },
    { method: 'post', path: '/sessions/{id}/signal', params: { id: 'id' }, expect: [200] },
    // Streams of the ended session: they replay its output and end with its exit.
    { method: 'get', path: '/sessions/{id}/stream', params: { id: 'id' }, expect: [200] },
    { method: 'get', path: '/sessions/{id}/screen/stream', params: { id: 'id' }, expect: [200] },
    { method: 'delete', path: '/sessions/{id}', params: { id: 'id' }, expect: [200] },
    { method: 'post', path: '/sessions', note: 'example shell_session', example: 'shell_session', expect: [201],
      after: async (r) => { vars.shell = json(r).session.session_id; } },
    { method: 'post', path: '/sessions/{id}/commands', params: { id: 'shell' }, expect: [201],
      after: async (r) => check(json(r).command_id === 'cmd_1', `the first command is ${json(r).command_id}`) },
    { method: 'get', path: '/sessions/{id}/commands', params: { id: 'shell' }, expect: [200] },
    { method: 'get', path: '/sessions/{id}/commands/{commandId}', params: { id: 'shell' }, expect: [200] },
    { method: 'post', path: '/sessions/{id}/commands/{commandId}/cancel', params: { id: 'shell' }, expect: [200] },
    { method: 'put', path: '/files', expect: [201], files: hello },
    { method: 'get', path: '/files', expect: [200, 206] },
    { method: 'get', path: '/files/stat', expect: [200] },
    { method: 'get', path: '/files/list', expect: [200] },
    { method: 'post', path: '/files/mkdir', expect: [201] },
    { method: 'post', path: '/files/move', expect: [200] },
    // The archive Swagger UI offers as "Download file", fetched again here to upload it
    // (the inspector's copy of a binary body is not the bytes).
    { method: 'get', path: '/files/archive', expect: [200], after: async (r) => {
      const archive = await fetch(r.url, { headers: { authorization: `Bearer ${token}` } });
      check(archive.ok, `fetching ${r.url} again answered ${archive.status}`);
      writeFileSync(join(scratch, 'scratch.tar.gz'), Buffer.from(await archive.arrayBuffer()));
    } },
    { method: 'put', path: '/files/archive', expect: [200], files: join(scratch, 'scratch.tar.gz') },
    { method: 'post', path: '/files', expect: [201], files: upload },
    { method: 'delete', path: '/files', expect: [200, 204] },
    { method: 'get', path: '/webhooks/deliveries', expect: [200] },
    { method: 'delete', path: '/sessions', expect: [200] },
    // Last: the conversation's events end only when execd shuts down, so Swagger UI never
    // shows this response; the status is checked on the wire.
    { method: 'get', path: '/events', expect: [200], hold: true },
  ];
}

// The operations the tour leaves out, and why.
const NOT_IN_TOUR = { 'get /sessions/{id}/attach': 'a WebSocket upgrade, which Swagger UI cannot make' };

async function walkDefaults(page, operations) {
  const vars = {};
  const failures = [];
  const scratch = mkdtempSync(join(tmpdir(), 'swagger-'));
  const hello = join(scratch, 'hello.txt');
  writeFileSync(hello, 'hello from Swagger UI\n');
  const upload = join(scratch, 'todo.txt');
  writeFileSync(upload, 'write the tests\n');
  const steps = tour(vars, scratch, hello, upload);
  const walked = new Set(steps.map((step) => `${step.method} ${step.path}`));
  const left = operations.map(({ method, path }) => `${method} ${path}`)
    .filter((key) => !walked.has(key) && !(key in NOT_IN_TOUR));
  check(left.length === 0, `operations missing from the tour: ${left.join(', ')}`);
  for (const step of steps) {
    const label = `${step.method.toUpperCase()} ${step.path}${step.note ? ` (${step.note})` : ''}`;
    let result;
    try {
      const params = Object.fromEntries(Object.entries(step.params || {}).map(([k, v]) => [k, vars[v]]));
      result = await executeWithDefaults(page, step.method, step.path, params, step);
      const ok = step.expect.includes(result.status) && (step.hold || String(result.status) === result.shown);
      if (ok && step.after) await step.after(result);
      console.log(`${ok ? 'ok' : 'FAIL'} - ${label}: ${result.status}${step.hold ? ' (stream open)' : ''}`);
      // Closed again once checked: an operation left open keeps its response in the page,
      // and a page holding them all grows slower at every step.
      if (!step.hold) await collapse(result.op);
      if (!ok) failures.push(`${label} answered ${result.status} (shown: ${result.shown}): ${(result.body || '').slice(0, 300)}`);
    } catch (error) {
      console.log(`FAIL - ${label}: ${error.message.split('\n')[0]}`);
      failures.push(`${label}: ${error.message.split('\n')[0]}`);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
  check(failures.length === 0, `defaults that failed:\n  ${failures.join('\n  ')}`);
  console.log('ok - Execute with the defaults succeeds on every operation of the tour');
}

const operations = await operationsOfContract();
let browser;
let page;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  // 1. With the token, entered through the Authorize dialog.
  let context = await browser.newContext();
  page = await context.newPage();
  await openSwaggerUi(page);
  await checkAllListed(page, operations);
  await authorize(page);
  let result = await tryPostSessions(page);
  check(result.authHeader === `Bearer ${token}`,
    `Try it out did not send the bearer token (Authorization: ${result.authHeader ?? 'absent'})`);
  check(result.status === '201',
    `POST /sessions through Swagger UI showed status ${result.status} (server sent ${result.wireStatus}), expected 201: ${result.text.slice(0, 500)}`);
  check(result.text.includes('from-swagger'),
    `POST /sessions response body shown does not contain "from-swagger": ${result.text.slice(0, 500)}`);
  console.log('ok - Authorize + Try it out POST /sessions shows 201 with "from-swagger"');
  await context.close();

  // 2. Without authorizing, in a fresh page: the token is what made it work.
  context = await browser.newContext();
  page = await context.newPage();
  await openSwaggerUi(page);
  result = await tryPostSessions(page);
  check(!result.authHeader, `an unauthorized page sent Authorization: ${result.authHeader}`);
  check(result.status === '401',
    `POST /sessions without Authorize showed status ${result.status} (server sent ${result.wireStatus}), expected 401`);
  console.log('ok - Try it out POST /sessions without Authorize shows 401');
  await context.close();

  // 3. Every default as the page offers it, in the order of the tour.
  context = await browser.newContext();
  // Each operation is closed again once executed (walkDefaults); on a loaded 2-vCPU
  // machine, with all of them left open, expanding one late in the walk took over 15 s.
  context.setDefaultTimeout(30_000);
  page = await context.newPage();
  await openSwaggerUi(page);
  await authorize(page);
  await walkDefaults(page, operations);
  await context.close();
  page = undefined;
} catch (error) {
  if (page) {
    await page.screenshot({ path: screenshot, fullPage: true }).then(
      () => console.error(`screenshot: ${screenshot}`), () => {});
  }
  await browser?.close().catch(() => {});
  fail(error?.message || String(error));
}
await browser.close();
console.log('PASS: Swagger UI "Try it out" works with and without a bearer token, and with every default');

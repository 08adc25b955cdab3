// Drives Swagger UI in a headless Chromium against a live execd: every operation of the
// contract is listed, and "Try it out" on POST /sessions works through the Authorize
// dialog with a bearer token (201 with the command's output) and fails without it (401).
// Then Execute on start, stdin, output, log, signal and delete in order with every default
// as the page offers it (only the session id is typed in): each succeeds, and the session
// is in the default conversation, which the default listing shows.
// Usage: EXECD_URL=http://127.0.0.1:<port> EXECD_TOKEN=<token> node swagger-try-it-out.mjs
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

// Execute with the page's defaults; only the path's `id`, when given, is typed in.
async function executeWithDefaults(page, method, path, id) {
  const op = operation(page, method, path);
  await op.waitFor({ state: 'visible' });
  if (!(await op.evaluate((el) => el.classList.contains('is-open')))) {
    await op.locator('.opblock-summary').first().click();
  }
  await op.locator('button.try-out__btn').click();
  if (id !== undefined) {
    const input = op.locator('tr[data-param-name="id"] input').first();
    await input.fill(id);
  }
  const request = page.waitForResponse(
    (r) => r.request().method() === method.toUpperCase()
      && new URL(r.url()).pathname === path.replace('{id}', id ?? ''), { timeout: 30_000 });
  await op.locator('button.execute').click();
  const wire = await request;
  const body = await wire.text();
  return { status: wire.status(), body, headers: wire.request().headers() };
}

async function walkDefaults(page) {
  const started = await executeWithDefaults(page, 'post', '/sessions');
  check(started.status === 201, `POST /sessions with its default example answered ${started.status}: ${started.body.slice(0, 300)}`);
  const conversation = started.headers['x-conversation-id'];
  check(conversation === undefined || conversation === 'default',
    `the default POST /sessions went to conversation ${conversation}, not the default one`);
  const id = JSON.parse(started.body).session.session_id;
  const listed = await fetch(`${base}/sessions`, { headers: { authorization: `Bearer ${token}` } });
  const sessions = (await listed.json()).sessions.map((s) => s.session_id);
  check(sessions.includes(id), `the session started from Swagger UI is not in the default listing: ${sessions}`);
  const steps = [
    ['post', '/sessions/{id}/stdin', (r) => r.status === 200 && r.body.includes('42')],
    ['get', '/sessions/{id}/output', (r) => r.status === 200],
    ['get', '/sessions/{id}/log', (r) => r.status === 200 || r.status === 206],
    ['post', '/sessions/{id}/signal', (r) => r.status === 200],
    ['delete', '/sessions/{id}', (r) => r.status === 200],
  ];
  for (const [method, path, ok] of steps) {
    const result = await executeWithDefaults(page, method, path, id);
    check(ok(result), `${method.toUpperCase()} ${path} with its defaults answered ${result.status}: ${result.body.slice(0, 300)}`);
  }
  console.log('ok - Execute with the defaults: start, stdin, output, log, signal, delete all succeed');
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

  // 3. Every default as the page offers it, in the order an agent author tries them.
  context = await browser.newContext();
  page = await context.newPage();
  await openSwaggerUi(page);
  await authorize(page);
  await walkDefaults(page);
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

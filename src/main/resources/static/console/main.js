// The page: token prompt, conversation, routing between the list (#/) and one session
// (#/s/<id>), the live /events subscription, search and download.
import * as api from './api.js';
import { SessionList } from './list.js';
import { LogView } from './log.js';
import { TerminalView } from './screen.js';

const $ = (id) => document.getElementById(id);
const EVENTS = ['session_started', 'session_exited', 'session_removed', 'session_port_opened',
  'session_port_closed', 'session_waiting_for_input', 'command_finished'];
const SLOW_REFRESH_MS = 5000;

let events = null;
let view = null;
let refreshTimer = null;

function showError(error) {
  if (error instanceof api.Unauthorized) {
    askForToken();
    return;
  }
  $('error').textContent = error.message || String(error);
  $('error').hidden = false;
}

function clearError() {
  $('error').hidden = true;
}

function show(section) {
  for (const id of ['login', 'list', 'view']) $(id).hidden = id !== section;
}

function askForToken() {
  closeLive();
  show('login');
  $('sessions').replaceChildren();
  $('forget-token').hidden = !api.token();
  $('token').focus();
}

function closeLive() {
  events?.close();
  events = null;
  view?.close();
  view = null;
  clearInterval(refreshTimer);
  $('live').textContent = 'offline';
  $('live').classList.remove('on');
}

const list = new SessionList({
  body: $('sessions'), filter: $('status-filter'), empty: $('empty'), count: $('count'),
}, showError);

async function refresh() {
  try {
    await list.refresh();
  } catch (error) {
    showError(error);
  }
}

function subscribe() {
  if (events) return;
  events = api.stream('/events');
  let timer = null;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 100);
  };
  for (const type of EVENTS) events.addEventListener(type, later);
  events.addEventListener('open', () => {
    $('live').textContent = 'live';
    $('live').classList.add('on');
  });
  events.addEventListener('error', () => {
    $('live').textContent = 'reconnecting';
    $('live').classList.remove('on');
  });
  refreshTimer = setInterval(() => {
    if (!$('list').hidden) refresh();
  }, SLOW_REFRESH_MS);
}

async function openList() {
  await list.refresh();
  show('list');
  subscribe();
}

function showStatus(session) {
  const ended = session.exit_code != null ? ` (exit code ${session.exit_code})` : '';
  $('view-status').textContent = session.status + (session.status === 'running' ? '' : ended);
  $('view-status').className = `status ${session.status}`;
}

async function openSession(id) {
  const session = await api.call('GET', api.sessionPath(id));
  show('view');
  subscribe();
  $('view-title').textContent = `${session.name || session.session_id} — ${(session.cmd ?? session.argv.join(' '))}`;
  showStatus(session);
  $('terminal').hidden = !session.tty;
  $('terminal-hint').hidden = !session.tty;
  $('control-label').hidden = !session.tty;
  $('log-pane').hidden = session.tty;
  $('control').checked = false;
  $('search-results').hidden = true;
  $('search-summary').textContent = '';
  $('search').value = '';
  if (session.tty) {
    view = new TerminalView($('terminal'), session, showError, showStatus);
    $('terminal').focus();
  } else {
    view = new LogView({ log: $('log'), earlier: $('load-earlier') }, session, showError, showStatus);
  }
}

async function route() {
  clearError();
  view?.close();
  view = null;
  const match = /^#\/s\/(.+)$/.exec(location.hash);
  try {
    if (match) await openSession(decodeURIComponent(match[1]));
    else await openList();
  } catch (error) {
    showError(error);
  }
}

async function search(event) {
  event.preventDefault();
  const pattern = $('search').value;
  if (!view || !pattern) return;
  const query = new URLSearchParams({ pattern, literal: String(!$('search-regex').checked), ignore_case: 'true' });
  try {
    const result = await api.call('GET', `${api.sessionPath(view.id, '/search')}?${query}`);
    const items = result.matches.map((match) => {
      const li = document.createElement('li');
      const offset = document.createElement('span');
      offset.className = 'offset';
      offset.textContent = `@${match.offset}`;
      li.append(offset, document.createTextNode(match.line));
      return li;
    });
    $('search-results').replaceChildren(...items);
    $('search-results').hidden = items.length === 0;
    $('search-summary').textContent = `${items.length} line${items.length === 1 ? '' : 's'}`
      + (result.truncated_by ? ` (stopped: ${result.truncated_by})` : '');
  } catch (error) {
    showError(error);
  }
}

async function download() {
  if (!view) return;
  try {
    const url = URL.createObjectURL(await api.blob(api.sessionPath(view.id, '/log')));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${view.session.name || view.id}.log`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    showError(error);
  }
}

$('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  api.setToken($('token').value.trim());
  $('token').value = '';
  $('forget-token').hidden = false;
  route();
});
$('forget-token').addEventListener('click', () => {
  api.setToken('');
  askForToken();
});
$('conversation').value = api.conversation();
$('conversation').addEventListener('change', () => {
  api.setConversation($('conversation').value.trim());
  closeLive();
  if (location.hash === '#/' || location.hash === '') route();
  else location.hash = '#/';
});
$('control').addEventListener('change', () => view?.setControl?.($('control').checked));
$('search-form').addEventListener('submit', search);
$('download').addEventListener('click', download);
window.addEventListener('hashchange', route);
$('forget-token').hidden = !api.token();
route();

// The session list: one row per session of the conversation, re-read whenever /events
// says something changed (and every few seconds, for ages and last output).
import { call, conversation, sessionPath } from './api.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGKILL'];

export function ago(iso, now = Date.now()) {
  if (!iso) return '';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
  return `${Math.floor(seconds / 86400)}d`;
}

export function commandOf(session) {
  return session.cmd ?? (session.argv || []).join(' ');
}

function cell(text, className) {
  const td = document.createElement('td');
  td.textContent = text == null ? '' : String(text);
  if (className) td.className = className;
  return td;
}

function button(label, title, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

export class SessionList {
  constructor(elements, onError) {
    this.el = elements;
    this.onError = onError;
    this.sessions = [];
    elements.filter.addEventListener('change', () => this.render());
  }

  async refresh() {
    const asked = conversation();
    const data = await call('GET', '/sessions');
    // An answer for the conversation the page has just left is dropped.
    if (asked !== conversation()) return;
    this.sessions = data.sessions;
    this.el.body.dataset.conversation = asked;
    this.render();
  }

  render() {
    const wanted = this.el.filter.value;
    const shown = this.sessions.filter((s) => !wanted || s.status === wanted);
    const rows = shown.map((session) => this.row(session));
    this.el.body.replaceChildren(...rows);
    this.el.empty.hidden = shown.length > 0;
    this.el.count.textContent = `${shown.length} of ${this.sessions.length}`;
  }

  row(session) {
    const tr = document.createElement('tr');
    tr.dataset.id = session.session_id;
    const name = cell('');
    const link = document.createElement('a');
    link.href = `#/s/${encodeURIComponent(session.session_id)}`;
    link.textContent = session.name || session.session_id;
    name.append(link);
    const exit = session.exit_code ?? (session.signal || '');
    tr.append(name, cell(commandOf(session), 'cmd'), cell(session.status, `status ${session.status}`),
      cell(session.end_reason), cell(exit), cell(ago(session.started_at)), cell(ago(session.last_output_at)),
      cell((session.ports || []).join(', ')), cell(session.tty ? 'PTY' : 'pipe'), this.actions(session));
    tr.querySelector('.cmd').title = commandOf(session);
    return tr;
  }

  actions(session) {
    const td = cell('', 'actions');
    const id = session.session_id;
    const signal = document.createElement('select');
    signal.setAttribute('aria-label', 'signal');
    for (const name of SIGNALS) signal.append(new Option(name.slice(3), name));
    td.append(
      button('rename', 'rename the session', () => this.act(async () => {
        const name = prompt('New name (empty: none)', session.name || '');
        if (name !== null) await call('PATCH', sessionPath(id), { name: name || null });
      })),
      signal,
      button('signal', 'send the chosen signal', () => this.act(() =>
        call('POST', sessionPath(id, '/signal'), { signal: signal.value }))),
      button('delete', 'kill and remove the session', () => this.act(async () => {
        if (confirm(`Delete session ${session.name || id}?`)) await call('DELETE', sessionPath(id));
      })),
    );
    if (session.status !== 'running') signal.disabled = true;
    return td;
  }

  async act(action) {
    try {
      await action();
      await this.refresh();
    } catch (error) {
      this.onError(error);
    }
  }
}

// A PTY session's screen, drawn from execd's screen stream (frame, then frame_diff), and
// the keyboard sent back to it: over the attach WebSocket while in control (a key is one
// frame), else, or until it is open, one request at a time. Every character is set with textContent, never as markup.
import { call, sessionPath, socket, stream } from './api.js';

const ANSI = ['#000000', '#cd3131', '#0dbc79', '#e5e510', '#2472c8', '#bc3fbc', '#11a8cd', '#e5e5e5',
  '#666666', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#ffffff'];
const DIRECT = 16777216;
const FLAG_CLASSES = [[1, 'b'], [2, 'i'], [4, 'u'], [8, 'd'], [32, 'k'], [64, 'h']];
const INVERSE = 16;
const KEY_NAMES = {
  Enter: 'Enter', Escape: 'Escape', Backspace: 'Backspace', Tab: 'Tab', Delete: 'Delete', Insert: 'Insert',
  ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right', Home: 'Home', End: 'End',
  PageUp: 'PageUp', PageDown: 'PageDown',
};

function color(value, fallback) {
  if (value < 0) return fallback;
  if (value < 16) return ANSI[value];
  return `#${(value - DIRECT).toString(16).padStart(6, '0')}`;
}

// Wide (two-cell) characters, enough for CJK and emoji; the server counts cells the same way.
function isWide(code) {
  return (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3)
    || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60)
    || (code >= 0xffe0 && code <= 0xffe6) || (code >= 0x1f300 && code <= 0x1faff) || (code >= 0x20000 && code <= 0x3fffd);
}

/** The cells of one row: a wide character fills its cell and leaves the next one empty. */
export function cellsOf(line, cols) {
  const cells = [];
  for (const ch of line) {
    cells.push(ch);
    if (isWide(ch.codePointAt(0))) cells.push('');
  }
  while (cells.length < cols) cells.push(' ');
  return cells;
}

/** The key names of execd's stdin for a keyboard event, or null when it is typed text. */
export function keyName(event) {
  // Ctrl-Shift-C and Ctrl-Shift-V stay the browser's copy and paste, as in terminal windows.
  if (event.ctrlKey && event.shiftKey && /^[cv]$/i.test(event.key)) return null;
  if (event.ctrlKey && !event.altKey && event.key.length === 1 && /[a-z@\[\\\]^_ ]/i.test(event.key)) {
    return event.key === ' ' ? 'C-@' : `C-${event.key.toLowerCase()}`;
  }
  if (event.key === 'Tab' && event.shiftKey) return 'BackTab';
  if (KEY_NAMES[event.key]) return KEY_NAMES[event.key];
  if (/^F([1-9]|1[0-2])$/.test(event.key)) return event.key;
  if (event.altKey && !event.ctrlKey && event.key.length === 1) return `M-${event.key}`;
  return null;
}

/** Typed text for stdin's chars, which decodes C-style escapes: a backslash is doubled. */
function escapeChars(text) {
  return text.replaceAll('\\', '\\\\');
}

export class TerminalView {
  constructor(element, session, onError, onExit) {
    this.el = element;
    this.session = session;
    this.id = session.session_id;
    this.onError = onError;
    this.frame = null;
    this.pending = [];
    this.sending = false;
    this.control = false;
    this.attached = null;
    this.el.replaceChildren();
    this.listeners = [
      [element, 'keydown', (e) => this.onKey(e)],
      [element, 'paste', (e) => this.onPaste(e)],
      [window, 'resize', () => this.scheduleResize()],
    ];
    for (const [target, type, fn] of this.listeners) target.addEventListener(type, fn);
    this.source = stream(sessionPath(this.id, '/screen/stream'));
    this.source.addEventListener('frame', (e) => this.onFrame(JSON.parse(e.data)));
    this.source.addEventListener('frame_diff', (e) => this.onDiff(JSON.parse(e.data)));
    this.source.addEventListener('exit', (e) => {
      this.source.close();
      onExit(JSON.parse(e.data).session);
    });
  }

  close() {
    this.detach();
    this.source.close();
    for (const [target, type, fn] of this.listeners) target.removeEventListener(type, fn);
  }

  onFrame(frame) {
    this.frame = { ...frame };
    const rows = [];
    for (let r = 0; r < frame.rows; r++) rows.push(document.createElement('div'));
    rows.forEach((div) => { div.className = 'row'; });
    this.el.replaceChildren(...rows);
    for (let r = 0; r < frame.rows; r++) this.drawRow(r);
    this.el.dataset.cols = frame.cols;
    this.el.dataset.rows = frame.rows;
  }

  onDiff(diff) {
    if (!this.frame) return;
    const before = this.frame.cursor;
    for (const change of diff.changed) {
      this.frame.lines[change.row] = change.line;
      this.frame.styles[change.row] = change.styles;
    }
    this.frame.cursor = diff.cursor;
    const dirty = new Set(diff.changed.map((c) => c.row));
    dirty.add(before.row);
    dirty.add(diff.cursor.row);
    for (const row of dirty) this.drawRow(row);
  }

  drawRow(r) {
    const { cols, lines, styles, cursor } = this.frame;
    const div = this.el.children[r];
    if (!div) return;
    const cells = cellsOf(lines[r] || '', cols);
    const keys = new Array(cells.length).fill(null);
    for (const run of styles[r] || []) {
      for (let c = run[0]; c < run[0] + run[1] && c < keys.length; c++) keys[c] = run;
    }
    const cursorCol = cursor.visible && cursor.row === r ? cursor.col : -1;
    const spans = [];
    let start = 0;
    for (let c = 1; c <= cells.length; c++) {
      if (c === cells.length || keys[c] !== keys[start] || c === cursorCol || start === cursorCol) {
        spans.push(this.span(cells.slice(start, c).join(''), keys[start], start === cursorCol));
        start = c;
      }
    }
    div.replaceChildren(...spans);
  }

  span(text, run, isCursor) {
    const span = document.createElement('span');
    span.textContent = text;
    if (run) {
      const [, , fg, bg, flags] = run;
      const inverse = (flags & INVERSE) !== 0;
      const front = color(inverse ? bg : fg, inverse ? 'var(--term-bg)' : '');
      const back = color(inverse ? fg : bg, inverse ? 'var(--term-fg)' : '');
      if (front) span.style.color = front;
      if (back) span.style.backgroundColor = back;
      span.className = FLAG_CLASSES.filter(([bit]) => flags & bit).map(([, name]) => name).join(' ');
    }
    if (isCursor) span.classList.add('cursor');
    return span;
  }

  onKey(event) {
    if (event.isComposing || event.metaKey) return;
    const name = keyName(event);
    if (name) this.send({ keys: [name] });
    else if (event.key.length === 1 && !event.ctrlKey) this.send({ chars: escapeChars(event.key) });
    else return;
    event.preventDefault();
  }

  onPaste(event) {
    const text = event.clipboardData.getData('text/plain');
    event.preventDefault();
    // A terminal submits with a carriage return, so pasted lines end the way typed ones do.
    if (text) this.send({ chars: escapeChars(text.replace(/\r?\n/g, '\r')) });
  }

  /** Sends input in order: one attach frame when open and nothing queued, else requests. */
  send(part) {
    if (this.attached && this.attached.readyState === WebSocket.OPEN && !this.sending && !this.pending.length) {
      this.attached.send(JSON.stringify({ type: 'input', ...part }));
      return;
    }
    const last = this.pending[this.pending.length - 1];
    if (part.chars !== undefined && last && last.chars !== undefined) last.chars += part.chars;
    else if (part.keys && last && last.keys) last.keys.push(...part.keys);
    else this.pending.push(part);
    if (!this.sending) this.flush();
  }

  async flush() {
    this.sending = true;
    while (this.pending.length) {
      const parts = this.pending.splice(0);
      try {
        await call('POST', sessionPath(this.id, '/stdin'), { parts, yield_time_ms: 0 });
      } catch (error) {
        this.onError(error);
      }
    }
    this.sending = false;
  }

  /** Taking control attaches and resizes the terminal to the window; watching never does. */
  setControl(on) {
    this.control = on;
    if (on) this.attach();
    else this.detach();
    if (on) this.resize();
  }

  /** The attach channel for typing; the screen still comes from the screen stream. */
  attach() {
    if (this.attached) return;
    const ws = socket(sessionPath(this.id, '/attach'));
    ws.onmessage = (e) => {
      const message = JSON.parse(e.data);
      if (message.type === 'error') this.onError(new Error(`${message.code}: ${message.detail}`));
    };
    ws.onclose = () => { if (this.attached === ws) this.attached = null; };
    this.attached = ws;
  }

  detach() {
    this.attached?.close();
    this.attached = null;
  }

  scheduleResize() {
    if (!this.control) return;
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => this.resize(), 200);
  }

  async resize() {
    const probe = document.createElement('div');
    const text = document.createElement('span');
    probe.className = 'row';
    text.textContent = 'MMMMMMMMMM';
    probe.append(text);
    this.el.append(probe);
    const cell = { width: text.getBoundingClientRect().width, height: probe.getBoundingClientRect().height };
    probe.remove();
    const top = this.el.getBoundingClientRect().top + window.scrollY;
    // 10 px of padding and border around the grid, and a margin below it.
    const cols = Math.max(20, Math.floor((window.innerWidth - 48) / (cell.width / 10)));
    const rows = Math.max(5, Math.floor((window.innerHeight - top - 48) / cell.height));
    if (this.frame && cols === this.frame.cols && rows === this.frame.rows) return;
    try {
      await call('POST', sessionPath(this.id, '/resize'), { cols: Math.min(cols, 500), rows: Math.min(rows, 200) });
    } catch (error) {
      this.onError(error);
    }
  }
}

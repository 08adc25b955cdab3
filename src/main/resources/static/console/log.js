// A pipe session's output as a log: the last part first, live over /stream, stdout and
// stderr told apart; "load earlier" reads the bytes before by offset.
import { call, sessionPath, stream, streamRange } from './api.js';

const PAGE = 65536;

export class LogView {
  constructor(elements, session, onError, onExit) {
    this.el = elements;
    this.session = session;
    this.id = session.session_id;
    this.onError = onError;
    this.start = Math.max(0, session.output_bytes_total - PAGE);
    this.pending = [];
    this.frame = 0;
    this.el.log.replaceChildren();
    this.el.earlier.hidden = this.start === 0;
    this.onEarlier = () => this.loadEarlier();
    this.el.earlier.addEventListener('click', this.onEarlier);
    this.source = stream(sessionPath(this.id, '/stream'), { offset: this.start, strip_ansi: true });
    this.source.addEventListener('output', (e) => {
      const chunk = JSON.parse(e.data);
      this.append(chunk.text, chunk.stream);
    });
    this.source.addEventListener('gap', (e) => {
      const gap = JSON.parse(e.data);
      this.append(`[bytes ${gap.from}-${gap.to} are no longer kept]\n`, 'note');
    });
    this.source.addEventListener('exit', (e) => {
      const { session: ended } = JSON.parse(e.data);
      this.append(`[${ended.status}${ended.exit_code != null ? `, exit code ${ended.exit_code}` : ''}]\n`, 'note');
      this.source.close();
      onExit(ended);
    });
  }

  close() {
    this.source.close();
    cancelAnimationFrame(this.frame);
    this.el.earlier.removeEventListener('click', this.onEarlier);
  }

  // Output arrives as many small events (a line each when stdout and stderr alternate).
  // They are drawn once per frame, each run of one stream as one span: a span per event,
  // with the scroll position read after each, made the page lay out the whole log for
  // every event, which took minutes for a few thousand lines.
  append(text, kind) {
    const last = this.pending[this.pending.length - 1];
    if (last && last.kind === kind) last.text += text;
    else this.pending.push({ text, kind });
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  draw() {
    this.frame = 0;
    const log = this.el.log;
    const following = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    const spans = document.createDocumentFragment();
    for (const { text, kind } of this.pending) {
      const span = document.createElement('span');
      span.className = kind;
      span.textContent = text;
      spans.append(span);
    }
    this.pending = [];
    log.append(spans);
    if (following) log.scrollTop = log.scrollHeight;
  }

  async loadEarlier() {
    if (this.loading) return;
    this.loading = true;
    const from = Math.max(0, this.start - PAGE);
    try {
      // The same stream from the earlier offset, so stdout and stderr stay apart; it is
      // read up to where the log shown starts.
      const parts = [];
      const straddling = [];
      await streamRange(sessionPath(this.id, '/stream'), { offset: from, strip_ansi: true }, this.start,
        (name, id, data) => {
          if (name === 'output') {
            const chunk = JSON.parse(data);
            if (Number(id) <= this.start) parts.push([chunk.text, chunk.stream]);
            else if (chunk.offset < this.start) straddling.push(chunk);
          } else if (name === 'gap') {
            const gap = JSON.parse(data);
            parts.push([`[bytes ${gap.from}-${gap.to} are no longer kept]\n`, 'note']);
          }
        });
      // An event that runs past the start is one stream's bytes: read just its part before.
      for (const chunk of straddling) {
        const data = await call('GET', `${sessionPath(this.id, '/output')}?offset=${chunk.offset}`
          + `&max_bytes=${this.start - chunk.offset}&strip_ansi=true&stream=${chunk.stream}`);
        parts.push([data.output, chunk.stream]);
      }
      const spans = parts.map(([text, kind]) => {
        const span = document.createElement('span');
        span.className = `earlier ${kind}`;
        span.textContent = text;
        return span;
      });
      this.el.log.prepend(...spans);
      this.start = from;
      this.el.earlier.hidden = this.start === 0;
    } catch (error) {
      this.onError(error);
    } finally {
      this.loading = false;
    }
  }
}

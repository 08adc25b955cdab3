// A pipe session's output as a log: the last part first, live over /stream, stdout and
// stderr told apart; "load earlier" reads the bytes before by offset.
import { call, sessionPath, stream } from './api.js';

const PAGE = 65536;

export class LogView {
  constructor(elements, session, onError, onExit) {
    this.el = elements;
    this.session = session;
    this.id = session.session_id;
    this.onError = onError;
    this.start = Math.max(0, session.output_bytes_total - PAGE);
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
    this.el.earlier.removeEventListener('click', this.onEarlier);
  }

  append(text, kind) {
    const log = this.el.log;
    const following = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    const span = document.createElement('span');
    span.className = kind;
    span.textContent = text;
    log.append(span);
    if (following) log.scrollTop = log.scrollHeight;
  }

  async loadEarlier() {
    const from = Math.max(0, this.start - PAGE);
    try {
      let text = '';
      let offset = from;
      // A read may answer fewer bytes than asked; read on until the shown part is reached.
      while (offset < this.start) {
        const data = await call('GET',
          `${sessionPath(this.id, '/output')}?offset=${offset}&max_bytes=${this.start - offset}&strip_ansi=true`);
        if (data.next_offset <= offset) break;
        text += data.output;
        offset = data.next_offset;
      }
      const span = document.createElement('span');
      // /output answers bytes without saying which stream wrote them, so earlier output is plain.
      span.className = 'earlier';
      span.textContent = text;
      this.el.log.prepend(span);
      this.start = from;
      this.el.earlier.hidden = this.start === 0;
    } catch (error) {
      this.onError(error);
    }
  }
}

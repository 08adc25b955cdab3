import type { Http } from "./http.js";
import { follow, type StreamOptions } from "./stream.js";
import type {
  DeleteQuery,
  ExecResult,
  LogQuery,
  PollRequest,
  ScreenQuery,
  ScreenView,
  SessionView,
  SignalRequest,
  StdinRequest,
  StreamEvent,
} from "./types.js";

/** One session of execd: every call goes to `/sessions/{id}` in the client's conversation. */
export class Session {
  /** The session id (`session.session_id`). */
  readonly id: string;
  /** What `execd.start()` answered: the first output and the session; absent when attached by id. */
  readonly started: ExecResult | undefined;
  private readonly http: Http;
  private readonly path: string;

  constructor(http: Http, id: string, started?: ExecResult) {
    this.http = http;
    this.id = id;
    this.started = started;
    this.path = `/sessions/${encodeURIComponent(id)}`;
  }

  /** Types `chars`, `chars_b64` or `keys` (and/or `eof`), then waits like a poll; returns the new output. */
  write(input: StdinRequest, options?: { signal?: AbortSignal }): Promise<ExecResult> {
    return this.http.json("POST", `${this.path}/stdin`, { body: input, signal: options?.signal });
  }

  /** Waits up to `yield_time_ms` (default 5 s) for new output, the exit or `wait_for`; returns the new output. */
  poll(wait: PollRequest = {}, options?: { signal?: AbortSignal }): Promise<ExecResult> {
    return this.http.json("POST", `${this.path}/stdin`, { body: wait, signal: options?.signal });
  }

  /**
   * The output from `offset` (default 0: all of it) as it comes, then the `exit` event.
   * A dropped connection is resumed at the offset after the last event, so no byte is
   * lost or repeated; `next_offset` of each event is where a later `stream()` continues.
   */
  stream(options: StreamOptions = {}): AsyncGenerator<StreamEvent, void, undefined> {
    return follow(this.http, `${this.path}/stream`, options, () => this.state());
  }

  /** The session's state, without output and without moving its delivery cursor. */
  state(): Promise<SessionView> {
    return this.http.json("GET", this.path);
  }

  /** A terminal session's screen as a person sees it (409 `not_a_terminal` for pipes). */
  screen(query: ScreenQuery = {}): Promise<ScreenView> {
    return this.http.json("GET", `${this.path}/screen`, { query });
  }

  /** Sends a signal (`SIGINT`, `TERM`, `9`, ...) to the session's foreground processes. */
  signal(signal: SignalRequest["signal"]): Promise<SessionView> {
    return this.http.json("POST", `${this.path}/signal`, { body: { signal } });
  }

  /** Terminates the session (SIGTERM, then SIGKILL after `grace_ms`) and removes it with its log. */
  delete(query: DeleteQuery = {}): Promise<SessionView> {
    return this.http.json("DELETE", this.path, { query });
  }

  /** The raw output bytes, all of them or `length` bytes from `offset`. */
  async log(query: LogQuery = {}): Promise<Uint8Array> {
    const response = await this.http.send("GET", `${this.path}/log`, {
      query,
      headers: { Accept: "application/octet-stream" },
    });
    return new Uint8Array(await response.arrayBuffer());
  }
}

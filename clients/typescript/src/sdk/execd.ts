import { Http, type ExecdOptions } from "./http.js";
import { Session } from "./session.js";
import type { ExecResult, StartRequest } from "./types.js";

/**
 * A client of one execd server in one conversation.
 *
 * ```ts
 * const execd = new Execd({ baseUrl: "http://127.0.0.1:8080" });
 * const session = await execd.start({ cmd: "ls" });
 * ```
 */
export class Execd {
  private readonly http: Http;

  constructor(options: ExecdOptions) {
    this.http = new Http(options);
  }

  /** Starts a command and waits like `POST /sessions` does; the session carries that first result. */
  async start(request: StartRequest, options?: { signal?: AbortSignal }): Promise<Session> {
    const started = await this.http.json<ExecResult>("POST", "/sessions", { body: request, signal: options?.signal });
    return new Session(this.http, started.session.session_id, started);
  }

  /** An existing session by id; nothing is sent until a call is made on it. */
  session(id: string): Session {
    return new Session(this.http, id);
  }
}

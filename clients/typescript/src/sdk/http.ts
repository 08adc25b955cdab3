import { ExecdProblem } from "./problem.js";

/** How to reach execd. */
export interface ExecdOptions {
  /** The server, e.g. `http://127.0.0.1:8080` (a path prefix is kept). */
  baseUrl: string;
  /** A bearer token, when the server has `execd.security.tokens`. */
  token?: string;
  /** The conversation the sessions belong to (`X-Conversation-Id`); `default` when absent. */
  conversationId?: string;
  /** A fetch to use instead of the global one (a proxy agent, a test double). */
  fetch?: typeof fetch;
}

/** One request: query values that are undefined are left out, a body is sent as JSON. */
export interface Call {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The transport every call goes through: scope and auth headers, and problems thrown. */
export class Http {
  private readonly base: string;

  constructor(private readonly options: ExecdOptions) {
    this.base = options.baseUrl.replace(/\/+$/, "");
  }

  /** Sends a request; a non-2xx answer is thrown as an {@link ExecdProblem}. */
  async send(method: string, path: string, call: Call = {}): Promise<Response> {
    const url = new URL(this.base + path);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) {
        url.searchParams.set(name, String(value));
      }
    }
    const headers: Record<string, string> = { Accept: "application/json", ...call.headers };
    if (call.body !== undefined) {
      headers["Content-Type"] = "application/json";
    }
    if (this.options.token !== undefined) {
      headers["Authorization"] = `Bearer ${this.options.token}`;
    }
    if (this.options.conversationId !== undefined) {
      headers["X-Conversation-Id"] = this.options.conversationId;
    }
    const fetcher = this.options.fetch ?? fetch;
    const response = await fetcher(url, {
      method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal,
    });
    if (!response.ok) {
      throw await ExecdProblem.of(response);
    }
    return response;
  }

  /** Sends a request and reads its JSON answer. */
  async json<T>(method: string, path: string, call?: Call): Promise<T> {
    return (await (await this.send(method, path, call)).json()) as T;
  }
}

// The output stream as an async iterator that survives dropped connections: each output
// event's SSE id is the byte offset after it, so a reconnect asks for exactly the bytes
// not yet yielded and none is lost or repeated.
import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { Http } from "./http.js";
import { ExecdProblem } from "./problem.js";
import type { SessionView, StreamEvent, StreamQuery } from "./types.js";

export interface StreamOptions extends StreamQuery {
  /** Ends the stream: the iteration throws the abort's reason. */
  signal?: AbortSignal;
  /** Reconnects in a row that bring no event before the error is thrown; default 5. */
  retries?: number;
}

/** Until the server says otherwise with `retry:`. */
const DEFAULT_RETRY_MS = 1000;

/** Bounds what the parser buffers: an event holds at most 16 KiB of output, JSON-escaped. */
const MAX_EVENT_CHARS = 4 * 1024 * 1024;

export async function* follow(
  http: Http,
  path: string,
  options: StreamOptions,
  state: () => Promise<SessionView>,
): AsyncGenerator<StreamEvent, void, undefined> {
  const { signal, retries = 5, ...query } = options;
  let next = query.offset ?? 0;
  let delay = DEFAULT_RETRY_MS;
  let failures = 0;
  for (;;) {
    let received = false;
    let failure: unknown = undefined;
    try {
      const response = await http.send("GET", path, {
        query: { ...query, offset: next },
        headers: { Accept: "text/event-stream" },
        signal,
      });
      if (response.status === 204 || response.body === null) {
        // Ended with nothing past `next`: started at the end, or the exit event was lost
        // with a dropped connection. The session's state stands in for it.
        yield { event: "exit", session: await state() };
        return;
      }
      for await (const message of messages(response.body, (ms) => (delay = ms))) {
        const event = decode(message);
        if (event === undefined) {
          continue;
        }
        received = true;
        if (event.event !== "exit") {
          next = event.next_offset;
        }
        yield event;
        if (event.event === "exit") {
          return;
        }
      }
    } catch (error) {
      if (error instanceof ExecdProblem || signal?.aborted) {
        throw error;
      }
      failure = error;
    }
    if (received) {
      failures = 0;
    } else if (++failures > retries) {
      throw failure ?? new Error(`${path} ended ${failures} times in a row without an event`);
    }
    await sleep(delay, signal);
  }
}

async function* messages(body: ReadableStream<Uint8Array>, onRetry: (ms: number) => void) {
  const parsed: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => parsed.push(message), onRetry, maxBufferSize: MAX_EVENT_CHARS });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        return;
      }
      // Throws once the parser gave up on an event over MAX_EVENT_CHARS.
      parser.feed(decoder.decode(value, { stream: true }));
      yield* parsed.splice(0);
    }
  } finally {
    // Closes the connection when the consumer stops early.
    await reader.cancel().catch(() => {});
  }
}

function decode(message: EventSourceMessage): StreamEvent | undefined {
  switch (message.event) {
    case "output":
    case "gap":
      return { event: message.event, ...JSON.parse(message.data), next_offset: Number(message.id) };
    case "exit":
      return { event: "exit", ...JSON.parse(message.data) };
    default:
      return undefined;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });
}

// session.stream() against a real server: every byte once, in order, whether the
// consumer aborts and resumes from an offset or the connection drops under it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Execd, type Session, type StreamEvent } from "./index.js";

const baseUrl = process.env.EXECD_URL ?? "http://127.0.0.1:8080";
const conversationId = `ts-stream-${process.pid}`;
const execd = new Execd({ baseUrl, conversationId });

// About 2 s of output in many small writes, with two-byte characters.
const SLOW_OUTPUT = "for i in $(seq 1 200); do echo \"line $i café\"; sleep 0.01; done";

test("a stream aborted mid-way and resumed from its offset loses and repeats no byte", async () => {
  const session = await execd.start({ cmd: SLOW_OUTPUT, yield_time_ms: 0 });
  const events: StreamEvent[] = [];

  const controller = new AbortController();
  await assert.rejects(
    (async () => {
      for await (const event of session.stream({ signal: controller.signal })) {
        events.push(event);
        if (events.length === 5) {
          controller.abort();
        }
      }
    })(),
    { name: "AbortError" },
  );
  assert.equal(events.length, 5);
  const resumeAt = offsetAfter(events);
  assert.ok(resumeAt > 0);

  for await (const event of session.stream({ offset: resumeAt })) {
    events.push(event);
  }
  await assertWholeLog(session, events);
  await session.delete();
});

test("a dropped connection is resumed at the last offset by itself", async () => {
  const events: StreamEvent[] = [];
  // For each connection: the offset it asked for, and where the events yielded before it ended.
  const connections: [number, number][] = [];
  const cut = cutting((url) => connections.push([Number(new URL(url).searchParams.get("offset")), offsetAfter(events)]));
  const session = await new Execd({ baseUrl, conversationId, fetch: cut }).start({ cmd: SLOW_OUTPUT, yield_time_ms: 0 });
  for await (const event of session.stream()) {
    events.push(event);
  }
  // Two cut connections (one reset, one closed early, each 300 bytes in, wherever that
  // falls in an event) and a third that ran to the exit, each asking for the bytes after
  // the last event yielded.
  assert.equal(connections.length, 3);
  for (const [asked, yielded] of connections) {
    assert.equal(asked, yielded);
  }
  assert.ok(connections[1][0] > 0);
  await assertWholeLog(session, events);
  await session.delete();
});

test("a stream started at the end of an ended session yields only its exit", async () => {
  const session = await execd.start({ cmd: "echo once" });
  const end = session.started!.next_offset;
  const events: StreamEvent[] = [];
  for await (const event of session.stream({ offset: end })) {
    events.push(event);
  }
  assert.equal(events.length, 1);
  assert.equal(events[0].event, "exit");
  await session.delete();
});

test("a stream in base64 carries the exact bytes", async () => {
  const session = await execd.start({ cmd: "printf 'caf\\303\\251 \\377\\n'" });
  const bytes: Buffer[] = [];
  for await (const event of session.stream({ encoding: "base64" })) {
    if (event.event === "output") {
      bytes.push(Buffer.from(event.data_b64 ?? "", "base64"));
    }
  }
  assert.deepEqual(Buffer.concat(bytes), Buffer.from([0x63, 0x61, 0x66, 0xc3, 0xa9, 0x20, 0xff, 0x0a]));
  await session.delete();
});

function offsetAfter(events: StreamEvent[]): number {
  const last = events.at(-1);
  return last === undefined || last.event === "exit" ? 0 : last.next_offset;
}

/** The output events tile the log from 0 without a hole or an overlap, then comes the exit. */
async function assertWholeLog(session: Session, events: StreamEvent[]) {
  let next = 0;
  let text = "";
  for (const event of events.slice(0, -1)) {
    assert.equal(event.event, "output");
    if (event.event === "output") {
      assert.equal(event.offset, next);
      next = event.next_offset;
      text += event.text;
    }
  }
  const exit = events.at(-1);
  assert.equal(exit?.event, "exit");
  assert.equal(exit.event === "exit" && exit.session.exit_code, 0);
  const log = await session.log();
  assert.equal(next, log.length);
  assert.equal(text, new TextDecoder().decode(log));
  assert.equal(text.split("\n").length, 201);
}

/**
 * A fetch whose first output stream breaks (a reset) and whose second ends early, each
 * after 300 bytes: the third goes through. Tells of each stream's URL before it connects.
 */
function cutting(onStream: (url: string) => void): typeof fetch {
  let streams = 0;
  return async (input, init) => {
    const url = String(input);
    if (!url.includes("/stream")) {
      return fetch(input, init);
    }
    onStream(url);
    const response = await fetch(input, init);
    if (++streams > 2 || response.body === null) {
      return response;
    }
    const reset = streams === 1;
    const reader = response.body.getReader();
    let left = 300;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (left === 0) {
          await reader.cancel();
          return reset ? controller.error(new TypeError("connection reset")) : controller.close();
        }
        const { done, value } = await reader.read();
        if (done) {
          return controller.close();
        }
        const chunk = value.subarray(0, left);
        left -= chunk.length;
        controller.enqueue(chunk);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

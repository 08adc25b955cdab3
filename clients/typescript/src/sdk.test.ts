// The wrapper against a real server: a session started, typed into, polled, its screen
// read, signalled and deleted, and refusals caught as typed problems.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Execd, ExecdProblem } from "./index.js";

const baseUrl = process.env.EXECD_URL ?? "http://127.0.0.1:8080";
const execd = new Execd({ baseUrl, conversationId: `ts-sdk-${process.pid}` });

test("starts a command, writes to it and polls it to its exit", async () => {
  const session = await execd.start({ cmd: "read line; echo got:$line; sleep 0.2; echo done", yield_time_ms: 200 });
  assert.equal(session.started?.session.status, "running");
  assert.equal(session.id, session.started?.session.session_id);

  const written = await session.write({ chars: "hello\\n", wait_for: "got:hello", yield_time_ms: 10000 });
  assert.equal(written.matched, true);
  assert.match(written.output, /^got:hello\n/);

  const polled = await session.poll({ yield_time_ms: 10000 });
  assert.equal(polled.session.status, "exited");
  assert.equal(polled.session.exit_code, 0);
  assert.match(polled.output, /done\n$/);
  assert.equal(polled.next_offset, "got:hello\ndone\n".length);
  assert.equal(new TextDecoder().decode(await session.log({ offset: 4, length: 5 })), "hello");

  assert.equal((await session.delete()).status, "exited");
});

test("reads a terminal's screen, interrupts it with a signal and deletes it", async () => {
  const session = await execd.start({ cmd: "printf 'top line\\n'; read x", tty: true, wait_for: "top line" });
  assert.equal(session.started?.matched, true);

  const screen = await session.screen();
  assert.equal(screen.lines[0], "top line");
  assert.equal(screen.cursor.row, 1);
  assert.equal(screen.alt_screen, false);

  const signalled = await session.signal("SIGINT");
  assert.equal(signalled.session_id, session.id);
  const ended = await session.poll({ yield_time_ms: 10000 });
  assert.equal(ended.session.status, "exited");
  assert.equal(ended.session.signal, "SIGINT");
  assert.equal(ended.session.exit_code, 130);

  const removed = await session.delete();
  assert.equal(removed.end_reason, "signal");
  await assert.rejects(session.state(), { name: "ExecdProblem", status: 404, code: "session_not_found" });
});

test("refusals are thrown as typed problems", async () => {
  const missing = await rejection(execd.session("no-such-session").poll());
  assert.equal(missing.status, 404);
  assert.equal(missing.code, "session_not_found");
  assert.equal(missing.problem?.instance, "/sessions/no-such-session/stdin");

  const session = await execd.start({ cmd: "true" });
  assert.equal(session.started?.session.status, "exited");
  // @ts-expect-error: not a key of the contract, refused by the server too
  const badKey = await rejection(session.write({ keys: ["NoSuchKey"] }));
  assert.equal(badKey.status, 400);
  assert.equal(badKey.code, "unknown_key");
  assert.match(badKey.detail, /NoSuchKey/);

  const exited = await rejection(session.write({ chars: "late\\n" }));
  assert.equal(exited.code, "session_exited");
  assert.equal(exited.problem?.session?.exit_code, 0);

  const elsewhere = new Execd({ baseUrl, conversationId: `ts-sdk-other-${process.pid}` });
  assert.equal((await rejection(elsewhere.session(session.id).state())).code, "session_not_found");
  await session.delete();
});

test("every call carries the token and the conversation, under a base URL with a slash", async () => {
  const sent: Headers[] = [];
  const recording: typeof fetch = (input, init) => {
    sent.push(new Headers(init?.headers));
    return fetch(input, init);
  };
  const conversationId = `ts-sdk-headers-${process.pid}`;
  const client = new Execd({ baseUrl: `${baseUrl}/`, token: "not-checked", conversationId, fetch: recording });
  const session = await client.start({ cmd: "echo hi" });
  assert.equal(session.started?.session.conversation_id, conversationId);
  assert.equal((await session.delete()).status, "exited");
  assert.equal(sent.length, 2);
  for (const headers of sent) {
    assert.equal(headers.get("Authorization"), "Bearer not-checked");
    assert.equal(headers.get("X-Conversation-Id"), conversationId);
  }
});

test("the package's major version is the contract's", () => {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const contract = readFileSync(new URL("../../../openapi/execd.yaml", import.meta.url), "utf8");
  const version = /^ {2}version: "?(\d+)/m.exec(contract)?.[1];
  assert.equal(manifest.version.split(".")[0], version);
});

async function rejection(promise: Promise<unknown>): Promise<ExecdProblem> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ExecdProblem, String(error));
    return error;
  }
  assert.fail("expected a problem");
}

// Drives a real execd server through types generated from the committed OpenAPI
// contract: if the contract and the server disagree, this fails to compile or to run.
import { test } from "node:test";
import assert from "node:assert/strict";
import createClient from "openapi-fetch";
import { EventSource } from "eventsource";
import type { paths } from "./generated/execd.js";

const baseUrl = process.env.EXECD_URL ?? "http://127.0.0.1:8080";
const conversation = `ts-client-${process.pid}`;
const client = createClient<paths>({ baseUrl, headers: { "X-Conversation-Id": conversation } });

test("starts a session, writes to it, streams it to the exit, downloads the log and deletes it", async () => {
  const started = await client.POST("/sessions", {
    body: { cmd: "read line; echo got:$line; printf 'caf\\303\\251\\n'", yield_time_ms: 200 },
  });
  assert.equal(started.response.status, 201);
  const id = started.data!.session!.session_id!;
  assert.equal(started.data!.session!.status, "running");

  const written = await client.POST("/sessions/{id}/stdin", {
    params: { path: { id } },
    body: { chars: "hello\\n", wait_for: "café", yield_time_ms: 10000 },
  });
  assert.equal(written.response.status, 200);
  assert.equal(written.data!.matched, true);

  const streamed = await new Promise<string>((resolve, reject) => {
    let text = "";
    const source = new EventSource(`${baseUrl}/sessions/${id}/stream?conversation_id=${conversation}`);
    source.addEventListener("output", (event) => {
      text += JSON.parse(event.data).text;
    });
    source.addEventListener("exit", (event) => {
      source.close();
      const exit = JSON.parse(event.data);
      assert.equal(exit.session.exit_code, 0);
      resolve(text);
    });
    source.onerror = (error) => {
      source.close();
      reject(new Error(`stream failed: ${error.message ?? "unknown"}`));
    };
  });
  assert.equal(streamed, "got:hello\ncafé\n");

  const log = await fetch(`${baseUrl}/sessions/${id}/log`, { headers: { "X-Conversation-Id": conversation } });
  assert.equal(log.status, 200);
  assert.equal(await log.text(), streamed);

  const removed = await client.DELETE("/sessions/{id}", { params: { path: { id } } });
  assert.equal(removed.response.status, 200);
  assert.equal(removed.data!.status, "exited");

  const gone = await client.GET("/sessions/{id}", { params: { path: { id } } });
  assert.equal(gone.response.status, 404);
  assert.equal(gone.error?.code, "session_not_found");
});

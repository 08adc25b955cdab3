// Files through the generated client: an upload and a download byte for byte, a
// conditional write refused with its code, a listing and a recursive delete.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import createClient from "openapi-fetch";
import type { paths } from "./generated/execd.js";

const baseUrl = process.env.EXECD_URL ?? "http://127.0.0.1:8080";
const client = createClient<paths>({ baseUrl });

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// The contract types an octet-stream body as a string (format: binary); the bytes are
// sent as they are.
const raw = { bodySerializer: (body: unknown) => body as BodyInit };

test("uploads a file, downloads it byte for byte, lists and deletes it", async () => {
  const dir = `${tmpdir()}/execd-ts-files-${process.pid}`;
  const path = `${dir}/nested/data.bin`;
  const bytes = randomBytes(3 * 1024 * 1024 + 7);

  const put = await client.PUT("/files", {
    params: { query: { path, mkdirs: true } },
    headers: { "Content-Type": "application/octet-stream" },
    body: bytes as unknown as string,
    ...raw,
  });
  assert.equal(put.response.status, 201, JSON.stringify(put.error));
  assert.equal(put.data!.size, bytes.length);
  const etag = put.response.headers.get("ETag");
  assert.ok(etag);

  const got = await client.GET("/files", { params: { query: { path } }, parseAs: "arrayBuffer" });
  assert.equal(got.response.status, 200);
  assert.equal(got.response.headers.get("ETag"), etag);
  assert.equal(sha256(new Uint8Array(got.data as unknown as ArrayBuffer)), sha256(bytes));

  const stale = await client.PUT("/files", {
    params: { query: { path }, header: { "If-Match": '"not-the-tag"' } },
    headers: { "Content-Type": "application/octet-stream" },
    body: "lost" as string,
    ...raw,
  });
  assert.equal(stale.response.status, 412);
  assert.equal(stale.error?.code, "precondition_failed");

  const listed = await client.GET("/files/list", { params: { query: { path: dir, depth: 2 } } });
  assert.equal(listed.response.status, 200);
  assert.deepEqual(
    listed.data!.entries.map((entry) => [entry.path, entry.type]),
    [[`${dir}/nested`, "dir"], [path, "file"]],
  );

  const removed = await client.DELETE("/files", { params: { query: { path: dir, recursive: true } } });
  assert.equal(removed.response.status, 204);
  const gone = await client.GET("/files/stat", { params: { query: { path } } });
  assert.equal(gone.response.status, 404);
  assert.equal(gone.error?.code, "file_not_found");
});

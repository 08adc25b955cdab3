// The wire types of the calls the wrapper makes, derived from the generated contract
// (paths and operations) rather than restated, so they follow the contract as it changes.
import type { components, paths } from "../generated/execd.js";

type JsonOf<T> = T extends { content: { "application/json": infer B } } ? B : never;
type RequestOf<Op> = Op extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type OkOf<Op> = Op extends { responses: { 200: infer R } } ? JsonOf<R> : never;

type Start = paths["/sessions"]["post"];
type Stdin = paths["/sessions/{id}/stdin"]["post"];
type Remove = paths["/sessions/{id}"]["delete"];

/** The body of `POST /sessions`: `cmd` or `argv`, `tty`, `wait_for`, `yield_time_ms`, ... */
export type StartRequest = RequestOf<Start>;
/** The body of `POST /sessions/{id}/stdin`: `chars`, `chars_b64`, `keys`, `eof`, and the wait. */
export type StdinRequest = RequestOf<Stdin>;
/** A poll is `POST /stdin` without input: only the fields of the wait. */
export type PollRequest = Partial<
  Pick<StdinRequest, "yield_time_ms" | "wait_for" | "max_output_bytes" | "truncation" | "strip_ansi">
>;
/** The body of `POST /sessions/{id}/signal`. */
export type SignalRequest = RequestOf<paths["/sessions/{id}/signal"]["post"]>;
/** Query of `DELETE /sessions/{id}`: `grace_ms`, `signal`. */
export type DeleteQuery = QueryOf<Remove>;
/** Query of `GET /sessions/{id}/screen` (JSON only: `format` is the wrapper's). */
export type ScreenQuery = Omit<QueryOf<paths["/sessions/{id}/screen"]["get"]>, "format">;
/** Query of `GET /sessions/{id}/log`: `offset` and `length` in bytes. */
export type LogQuery = Pick<QueryOf<paths["/sessions/{id}/log"]["get"]>, "offset" | "length">;
/** Query of `GET /sessions/{id}/stream` that the wrapper passes on. */
export type StreamQuery = Pick<QueryOf<paths["/sessions/{id}/stream"]["get"]>, "offset" | "encoding" | "strip_ansi">;

/** What `POST /sessions` and `POST /stdin` answer: the new output and the session. */
export type ExecResult = OkOf<Stdin>;
/** The session object, the same everywhere. */
export type SessionView = OkOf<Remove>;
/** A terminal session's screen. */
export type ScreenView = OkOf<paths["/sessions/{id}/screen"]["get"]>;
/** An RFC 9457 problem body with its stable `code`. */
export type Problem = Stdin["responses"][404]["content"]["application/problem+json"];
/** The problem codes the contract lists. */
export type ProblemCode = Problem["code"];

type Schemas = components["schemas"];

/**
 * An `output` event: the data of the contract's `OutputEvent` (`offset`, `stream`, and
 * `text` or `data_b64`) and the offset after the chunk, the SSE `id`.
 */
export type OutputEvent = { event: "output"; next_offset: number } & Schemas["OutputData"];

/** A `gap` event: the bytes `[from, to)` are no longer kept; the stream goes on at `to`. */
export type GapEvent = { event: "gap"; next_offset: number } & Schemas["GapData"];

/** The `exit` event, the last one: the session once its output is complete. */
export type ExitEvent = { event: "exit" } & Schemas["ExitData"];

/** What `session.stream()` yields. */
export type StreamEvent = OutputEvent | GapEvent | ExitEvent;

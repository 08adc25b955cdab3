package dev.execd.api.attach;

/**
 * The attach channel's protocol, as the OpenAPI description of its route tells it.
 */
final class AttachProtocol {

	static final String DESCRIPTION = """
			Upgrades to a WebSocket for an interactive client (a terminal, the console, an SDK): \
			a keystroke is one frame in and its echo one frame out, with no request, JSON body \
			or wait per key. Authentication, conversation scope and Origin are checked before \
			the upgrade, and every refusal is the usual problem+json (403 `forbidden` for an \
			Origin that is neither this server nor in execd.security.cors-origins). A running \
			session only: an ended one is 409 `session_exited`. Each connection counts \
			against execd.limits.max-subscribers-per-session together with the session's SSE \
			streams (429 `too_many_subscribers`).

			From the client:

			- a **binary** message (one frame, or a frame and its continuations): bytes written \
			to stdin exactly as they are (like `chars_b64`: control bytes never become \
			signals), at most 1 MiB, whole or not at all: a message over 1 MiB \
			(`payload_too_large`) or one the stdin queue has no room for in full \
			(`stdin_queue_full`, 1 MiB may wait) writes none of its bytes, so it can be sent \
			again as it is once the process has read. The fast path for typing; larger input \
			goes as several messages.
			- a **text** frame, one JSON object with a `type`:
			  - `{"type": "input", "chars"?, "chars_b64"?, "keys"?, "eof"?}`: input as in \
			`POST /sessions/{id}/stdin` (escapes in `chars`, key names in `keys`, typed in that \
			order, then EOF).
			  - `{"type": "resize", "cols": 120, "rows": 40}`: as `POST /sessions/{id}/resize`.
			  - `{"type": "signal", "signal": "INT"}`: as `POST /sessions/{id}/signal`.

			From execd, text frames, each one JSON object with a `type`:

			- `{"type": "output", "offset": <first byte>, "next": <offset after it>, \
			"stream": "pty"|"stdout"|"stderr", "text": "..."}` (`"data_b64"` instead of \
			`"text"` with `encoding=base64`): the log's bytes `[offset, next)`, at most 16 KiB, \
			never split inside a UTF-8 character, sent as soon as the process wrote them. \
			Offsets are the log's (`GET /sessions/{id}/log`): frames follow each other without \
			holes, and reconnecting with `offset=<next of the last frame>` resumes exactly.
			- `{"type": "gap", "from": A, "to": B}`: bytes `[A, B)` are no longer kept (past \
			execd.output.max-log-size); output goes on at `B`.
			- `{"type": "error", "code": "<problem code>", "detail": "..."}`: a message was \
			refused (`invalid_request`, `unknown_key`, `invalid_base64`, `unknown_signal`, \
			`not_a_tty`, `stdin_queue_full`, `stdin_closed`, `session_exited`, \
			`payload_too_large` for a text message over 2 Mi characters or a binary message \
			over 1 MiB); nothing of it was done and the connection stays.
			- `{"type": "exit", "session": {...}}` after the last byte of output (with \
			`exit_code`, `signal`, `end_reason`), also when the session is removed; then \
			execd closes with 1000.

			execd pings after 15 s without a frame. Output is read from the log at the \
			connection's own offset, so a slow client holds one chunk and loses nothing; one \
			whose socket takes no data for 20 s is closed (1008, naming the offset, if that \
			frame still gets through) and reconnects with `offset=` the `next` of its last \
			frame; the same when the server is out of file descriptors to read the log \
			(1013, try again later). After the end, attaching is refused: read what was missed from \
			`GET /sessions/{id}/log` or `GET /sessions/{id}/stream?offset=`.""";

	private AttachProtocol() {
	}

}

package dev.execd.bench;

import java.util.Map;

/**
 * Typing into {@code cat} on a terminal, the same way whatever carries the keys: a
 * keystroke is a 3-6 byte token timed until its echo is back (Enter after every 50, so
 * that cat's line stays short, not timed); a line is {@code token\r} timed until cat's
 * copy of it is back (echo + copy).
 */
final class Typist {

	/** Tokens typed before Enter sends the line to cat (a canonical line holds 4095 bytes). */
	private static final int TOKENS_PER_LINE = 50;

	/** One way of reaching the terminal. */
	interface Terminal {

		/** Types {@code chars} and returns once {@code until} (literal text) has come back. */
		void type(String chars, String until) throws Exception;

	}

	private final Terminal terminal;

	private final StringBuilder line = new StringBuilder();

	private int keys;

	private int lines;

	Typist(Terminal terminal) {
		this.terminal = terminal;
	}

	/**
	 * execd's request API: {@code stdin} with {@code wait_for} on one keep-alive
	 * connection. The tokens hold no regular-expression metacharacters, so the literal
	 * text is its own pattern.
	 */
	static Terminal execd(Context ctx, Http http, String sessionId) {
		String path = "/sessions/" + sessionId + "/stdin";
		return (chars, until) -> {
			Http.Response response = http.post(path, "{\"chars\":" + Json.quote(chars) + ",\"wait_for\":"
					+ Json.quote(until) + ",\"yield_time_ms\":5000}");
			if (ctx.expect(response, 200, "type") && !Boolean.TRUE.equals(response.json().get("matched"))) {
				ctx.error("typing " + Json.quote(chars) + ": no " + Json.quote(until) + " came back: "
						+ Context.abbreviate(response.text()));
			}
		};
	}

	/** The physical baseline: the same bytes through pty4j in the driver. */
	static Terminal raw(RawPty pty) {
		return (chars, until) -> {
			pty.write(chars);
			pty.readUntil(until);
		};
	}

	/** Starts {@code cat} as an execd PTY session; its id. */
	static String startCat(Context ctx, Http http) throws Exception {
		Http.Response started = http.post("/sessions", "{\"argv\":[\"cat\"],\"tty\":true,\"yield_time_ms\":0}");
		if (!ctx.expect(started, 201, "start cat")) {
			throw new IllegalStateException("execd did not start cat");
		}
		Map<String, Object> session = Context.session(started.json());
		return String.valueOf(session.get("session_id"));
	}

	/** One keystroke's round trip, in nanoseconds. */
	long keystroke() throws Exception {
		String token = "k" + this.keys++ + "q";
		long t0 = System.nanoTime();
		this.terminal.type(token, token);
		long elapsed = System.nanoTime() - t0;
		this.line.append(token);
		if (this.keys % TOKENS_PER_LINE == 0) {
			enter();
		}
		return elapsed;
	}

	/** One line's round trip through cat, in nanoseconds. */
	long line() throws Exception {
		if (!this.line.isEmpty()) {
			enter();
		}
		String token = "L" + this.lines++ + "x";
		long t0 = System.nanoTime();
		this.terminal.type(token + "\r", token + "\r\n" + token + "\r\n");
		return System.nanoTime() - t0;
	}

	/** Enter: cat gets the line; wait for its copy so no output is left over. */
	private void enter() throws Exception {
		this.terminal.type("\r", this.line + "\r\n");
		this.line.setLength(0);
	}

}

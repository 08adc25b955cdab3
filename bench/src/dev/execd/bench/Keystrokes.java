package dev.execd.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario 2: a keystroke's round trip through a PTY. A short token is typed into
 * {@code cat} on a terminal and the call returns when its echo came back ({@code stdin}
 * with {@code wait_for}, one keep-alive connection), and again over the attach WebSocket
 * (one binary frame out, output frames back); beside them the same round trip straight
 * through pty4j. Also a whole line through {@code cat} (echo plus cat's copy),
 * the figure where Jupyter's terminals pay Nagle's delay.
 */
final class Keystrokes {

	/** Tokens typed before Enter sends the line to cat (a canonical line holds 4095 bytes). */
	private static final int TOKENS_PER_LINE = 50;

	private static final String CONVERSATION = "bench-keys";

	private Keystrokes() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		Map<String, Object> result = new LinkedHashMap<>();
		try (Http http = ctx.client(CONVERSATION); RawPty raw = RawPty.start(List.of("cat"), Map.of())) {
			Http.Response started = http.post("/sessions", "{\"argv\":[\"cat\"],\"tty\":true,\"yield_time_ms\":0}");
			if (!ctx.expect(started, 201, "start cat")) {
				return result;
			}
			String path = "/sessions/" + Context.session(started.json()).get("session_id") + "/stdin";
			StringBuilder execdLine = new StringBuilder();
			StringBuilder rawLine = new StringBuilder();
			int[] counter = { 0 };
			StartLatency.Step execd = () -> {
				String token = "k" + counter[0]++ + "q";
				long t0 = System.nanoTime();
				Http.Response response = http.post(path,
						"{\"chars\":\"" + token + "\",\"wait_for\":\"" + token + "\",\"yield_time_ms\":5000}");
				long elapsed = System.nanoTime() - t0;
				if (ctx.expect(response, 200, "type") && !Boolean.TRUE.equals(response.json().get("matched"))) {
					ctx.error("keystroke: no echo of " + token + ": " + Context.abbreviate(response.text()));
				}
				execdLine.append(token);
				if (execdLine.length() > 0 && counter[0] % TOKENS_PER_LINE == 0) {
					// Enter: cat gets the line; wait for its copy so no output is left over.
					ctx.expect(http.post(path,
							"{\"chars\":\"\\r\",\"wait_for\":\"" + execdLine + "\\\\r\\\\n\",\"yield_time_ms\":5000}"),
							200, "enter");
					execdLine.setLength(0);
				}
				return elapsed;
			};
			int[] rawCounter = { 0 };
			StartLatency.Step direct = () -> {
				String token = "k" + rawCounter[0]++ + "q";
				long t0 = System.nanoTime();
				raw.write(token);
				raw.readUntil(token);
				long elapsed = System.nanoTime() - t0;
				rawLine.append(token);
				if (rawCounter[0] % TOKENS_PER_LINE == 0) {
					raw.write("\r");
					raw.readUntil(rawLine + "\r\n");
					rawLine.setLength(0);
				}
				return elapsed;
			};
			result.put("keystroke", StartLatency.paired(ctx, execd, direct, ctx.config.warmup() * 10,
					ctx.config.iterations() * 2));
			// The same keystroke over the attach channel, against the same raw baseline and
			// with the same sample count.
			try (AttachTyping attach = AttachTyping.open(ctx, http, CONVERSATION)) {
				result.put("keystroke_attach", StartLatency.paired(ctx, () -> attach.type(TOKENS_PER_LINE), direct,
						ctx.config.warmup() * 10, ctx.config.iterations() * 2));
			}
			// A whole line: the echo and cat's copy of it.
			int[] lines = { 0 };
			StartLatency.Step execdLineStep = () -> {
				flushLine(ctx, http, path, execdLine);
				String token = "L" + lines[0]++ + "x";
				long t0 = System.nanoTime();
				Http.Response response = http.post(path, "{\"chars\":\"" + token + "\\r\",\"wait_for\":\"" + token
						+ "\\\\r\\\\n" + token + "\\\\r\\\\n\",\"yield_time_ms\":5000}");
				long elapsed = System.nanoTime() - t0;
				if (ctx.expect(response, 200, "line") && !Boolean.TRUE.equals(response.json().get("matched"))) {
					ctx.error("line through cat: no copy of " + token + ": " + Context.abbreviate(response.text()));
				}
				return elapsed;
			};
			int[] rawLines = { 0 };
			StartLatency.Step directLine = () -> {
				if (rawLine.length() > 0) {
					raw.write("\r");
					raw.readUntil(rawLine + "\r\n");
					rawLine.setLength(0);
				}
				String token = "L" + rawLines[0]++ + "x";
				long t0 = System.nanoTime();
				raw.write(token + "\r");
				raw.readUntil(token + "\r\n" + token + "\r\n");
				return System.nanoTime() - t0;
			};
			result.put("line", StartLatency.paired(ctx, execdLineStep, directLine, ctx.config.warmup(),
					ctx.config.iterations()));
			result.put("connections", http.connects());
			ctx.expect(http.delete("/sessions/" + Context.session(started.json()).get("session_id")), 200, "delete");
		}
		return result;
	}

	private static void flushLine(Context ctx, Http http, String path, StringBuilder line) throws Exception {
		if (line.length() > 0) {
			ctx.expect(http.post(path, "{\"chars\":\"\\r\",\"wait_for\":\"" + line + "\\\\r\\\\n\",\"yield_time_ms\":5000}"),
					200, "enter");
			line.setLength(0);
		}
	}

}

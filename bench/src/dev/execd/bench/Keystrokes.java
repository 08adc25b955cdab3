package dev.execd.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario 2: a keystroke's round trip through a PTY. A short token is typed into
 * {@code cat} on a terminal and the call returns when its echo came back ({@code stdin}
 * with {@code wait_for}, one keep-alive connection); beside it the same round trip
 * straight through pty4j. Also a whole line through {@code cat} (echo plus cat's copy),
 * the figure where Jupyter's terminals pay Nagle's delay. The keystroke again over the
 * attach channel (a WebSocket). The keystrokes take ten times the iterations of the
 * other latency pairs per round (10,000 a side in a full run), so that p99.9 rests on
 * ten samples.
 */
final class Keystrokes {

	private static final String CONVERSATION = "bench-keys";

	private static final int KEYSTROKE_ITERATIONS = 10;

	private Keystrokes() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		Map<String, Object> result = new LinkedHashMap<>();
		try (Http http = ctx.client(CONVERSATION); RawPty raw = RawPty.start(List.of("cat"), Map.of())) {
			String id = Typist.startCat(ctx, http);
			Typist execd = new Typist(Typist.execd(ctx, http, id));
			Typist direct = new Typist(Typist.raw(raw));
			result.put("keystroke_warmup", warm(ctx, execd, direct));
			result.put("keystroke", StartLatency.paired(ctx, execd::keystroke, direct::keystroke, 0,
					ctx.config.iterations() * KEYSTROKE_ITERATIONS));
			// The same keystroke over the attach channel (its own cat), against the same
			// raw baseline and with the same sample count.
			try (AttachTyping attach = AttachTyping.open(ctx, http, CONVERSATION)) {
				Typist over = new Typist(attach);
				result.put("keystroke_attach_warmup", warm(ctx, over, direct));
				result.put("keystroke_attach", StartLatency.paired(ctx, over::keystroke, direct::keystroke, 0,
						ctx.config.iterations() * KEYSTROKE_ITERATIONS));
			}
			result.put("line",
					StartLatency.paired(ctx, execd::line, direct::line, ctx.config.warmup(), ctx.config.iterations()));
			result.put("connections", http.connects());
			ctx.expect(http.delete("/sessions/" + id), 200, "delete");
		}
		return result;
	}

	/**
	 * At least the usual warm-up (three batches of a third of it), then on until the
	 * server's compiler is quiet; see {@link SteadyState}.
	 */
	static Map<String, Object> warm(Context ctx, Typist... typists) throws Exception {
		List<StartLatency.Step> steps = Arrays.stream(typists).map((t) -> (StartLatency.Step) t::keystroke).toList();
		return SteadyState.warm(ctx, steps, Math.max(1, ctx.config.warmup() * 10 / 3), 3);
	}

}

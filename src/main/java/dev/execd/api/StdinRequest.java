package dev.execd.api;

import java.util.ArrayList;
import java.util.List;

import dev.execd.session.Input;
import dev.execd.session.WaitSpec;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions/{id}/stdin}: {@code chars}, {@code chars_b64} and
 * {@code keys} (typed in that order) or an ordered list of {@code parts}, and/or
 * {@code eof}; none of them is a poll.
 */
@Schema(description = """
		Input to write, then how long to wait for output. Any of `chars`, `chars_b64` and \
		`keys`, typed in that order, or instead of them `parts`, an ordered list of the same \
		three; then `eof` if asked. At most 1 MiB once decoded (else 400 `invalid_request`), \
		in a body of at most execd.limits.max-request-body (1 MB by default; else 413 \
		`payload_too_large`): 1 MiB in base64 needs it raised to 1.5MB. No input (`{}`) is a \
		poll.""")
public record StdinRequest(
		@Schema(description = """
				Text to type. C-style escapes are decoded: `\\n \\r \\t \\b \\f \\v \\0 \\a \\e \\\\ \\" \\'`, \
				`\\xHH`, `\\uHHHH`, `\\u{H…}`; an unknown or malformed escape stays literal. In JSON the \
				backslash of such an escape is doubled: `"\\\\x03"` is Ctrl-C, and so is the JSON escape \
				`"\\u0003"`. Submit a line with `\\r` in a terminal (`tty: true`) and `\\n` in a pipe. In \
				a pipe session, which has no terminal to do it, Ctrl-C (`\\x03`) and Ctrl-\\ (`\\x1c`) \
				are delivered as SIGINT and SIGQUIT to the session's processes, in order with the \
				bytes around them. A terminal in canonical mode takes at most 4095 bytes per line.""",
				example = "print(7*6)\\r") @Nullable String chars,

		@Schema(description = """
				Exact bytes, base64-encoded, written as they are: no escapes, and control bytes \
				never become signals. Malformed → 400 `invalid_base64`.""", format = "byte",
				example = "G1tB") @Nullable String charsB64,

		@Schema(description = """
				Keys, sent in order: a name below or a single character (one Unicode code point \
				that is not a control character, such as `q`, `é` or ` `, typed as its UTF-8 \
				bytes; names win, so `F1` is the key). Anything else → 400 `unknown_key` and \
				nothing is written. `Enter` (`\\r` in a terminal, `\\n` in a pipe), `Tab`, `BackTab`, `Escape`, \
				`Backspace`, `Space`, `Up`, `Down`, `Right`, `Left` (sent in the application \
				cursor form `\\eOA`… once the program switched to it, as vim and less do), `Home`, \
				`End`, `PageUp`, `PageDown`, `Insert`, `Delete`, `F1`…`F12`; `C-a`…`C-z`, `C-@`, \
				`C-[`, `C-\\`, `C-]` (control bytes: `C-c` is Ctrl-C, `C-d` Ctrl-D, `C-z` Ctrl-Z); \
				`M-<char>` (Alt: Escape then the character). Names are case-sensitive except the \
				letter of `C-<letter>`.""", example = "[\"C-c\"]") @Nullable List<String> keys,

		@Schema(description = """
				Input in parts, typed in order: each part has exactly one of `chars`, \
				`chars_b64` and `keys` and keeps its meaning (a `chars` part still delivers \
				Ctrl-C as SIGINT on a pipe next to a `chars_b64` part). One call can so edit a \
				file in vim: insert text, Escape, `:wq`, Enter. Not together with the top-level \
				`chars`, `chars_b64` or `keys`; a part with none of them (`{}`) or two, or that \
				combination → 400 `invalid_request`; an unknown key in a part → 400 \
				`unknown_key`. Nothing is written when any part is refused.""", example = """
				[{"chars": "a EDITED"}, {"keys": ["Escape"]}, {"chars": ":wq"}, \
				{"keys": ["Enter"]}]""") @Nullable List<InputPart> parts,

		@Schema(description = """
				After writing, signal end of input. In a pipe session stdin is closed \
				(`stdin_open` becomes false; later writes are 409 `stdin_closed`); in a terminal \
				the EOF character (Ctrl-D) is written and stdin stays open.""",
				defaultValue = "false") @Nullable Boolean eof,

		@Schema(description = """
				How long this call waits for output after writing, in ms. It returns earlier, \
				within milliseconds, when the process exits (and its output is drained) or \
				`wait_for` matches. Default 250 with input, enough for an echo or a quick answer; \
				5000 for a poll. Clamped (moved to the nearest bound, not refused) to [0, 30000] \
				with input, and for a poll to [0, execd.limits.max-poll], 290000 by default: poll \
				with a long wait rather than many short ones.""", minimum = "0", maximum = "290000",
				example = "30000") @Nullable Long yieldTimeMs,

		@Schema(description = "As in `POST /sessions`: a Java regular expression (MULTILINE, at most 1024 "
				+ "characters) that ends the wait when the output returned by this call matches it.", maxLength = 1024,
				example = ">>> $") @Nullable String waitFor,

		@Schema(description = "As in `POST /sessions`: a regular expression matched against the rendered "
				+ "screen each time it changes. On a pipe session 409 `not_a_terminal`.", maxLength = 1024,
				example = "-- INSERT --") @Nullable String waitForScreen,

		@Schema(description = "As in `POST /sessions`: end once output came and then nothing for this long, "
				+ "in ms, 0 to 30000; 0 or absent = off.", minimum = "0", maximum = "30000",
				example = "300") @Nullable Long settleMs,

		@Schema(description = "As in `POST /sessions`: end when the foreground process is blocked reading its "
				+ "input and no output came for this long, in ms, 0 to 60000; 0 = off.", defaultValue = "300",
				minimum = "0", maximum = "60000") @Nullable Long inputQuietMs,

		@Schema(description = "As in `POST /sessions`: cap on `output` in bytes, clamped to [256, 1048576]; "
				+ "the cut part is replaced by a marker naming its byte range in the log.", defaultValue = "32768",
				minimum = "256", maximum = "1048576") @Nullable Long maxOutputBytes,

		@Schema(description = "As in `POST /sessions`: which part of over-long output to keep.",
				defaultValue = "head_tail", allowableValues = {
						"head_tail", "tail", "head" }) @Nullable String truncation,

		@Schema(description = "As in `POST /sessions`: remove terminal escape sequences from `output`.",
				defaultValue = "false") @Nullable Boolean stripAnsi,

		@Schema(description = """
				Idempotency key for the write, at most 128 characters: a retry with the same key \
				is not written twice.""", maxLength = 128, example = "type-7") @Nullable String requestId,

		@Schema(description = """
				`screen` adds the terminal's rendered `screen` to the answer (a pipe session: 409 \
				`not_a_terminal`, and nothing is written); `output` (the default) does not.""", defaultValue = "output",
				allowableValues = { "output", "screen" }) @Nullable String view){

	static final StdinRequest POLL = new StdinRequest(null, null, null, null, null, null, null, null, null, null, null,
			null, null, null, null);

	/** Whether the answer carries the screen; see {@link ScreenService#wanted}. */
	boolean screenView() {
		return ScreenService.wanted(this.view);
	}

	boolean writes() {
		return topLevelInput() || this.parts != null || Inputs.flag(this.eof);
	}

	private boolean topLevelInput() {
		return this.chars != null || this.charsB64 != null || this.keys != null;
	}

	void validate() {
		InputPart.validate(this.parts, topLevelInput());
		Inputs.label(this.requestId, "request_id");
		InputPart.validateKeys(this.keys);
		screenView();
	}

	/**
	 * The input to type, in order; the session encodes it for its terminal. Only exact
	 * bytes are decoded here, from their wire form.
	 */
	List<Input> inputs() {
		List<Input> inputs = new ArrayList<>((this.parts != null) ? InputPart.inputs(this.parts)
				: InputPart.inputs(this.chars, this.charsB64, this.keys));
		if (Inputs.flag(this.eof)) {
			inputs.add(new Input.Eof());
		}
		return inputs;
	}

	WaitSpec toWait(long maxPollMs) {
		long yieldMs = writes() ? Inputs.clamp(this.yieldTimeMs, 250, 0, StartRequest.MAX_YIELD_MS, "yield_time_ms")
				: Inputs.clamp(this.yieldTimeMs, 5000, 0, maxPollMs, "yield_time_ms");
		return Waits.of(yieldMs, this.waitFor, new Waits.Until(this.waitForScreen, this.settleMs, this.inputQuietMs),
				this.maxOutputBytes, this.truncation, this.stripAnsi);
	}

}

package dev.execd.api;

import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.execd.output.InputDecoder;
import dev.execd.output.Keys;
import dev.execd.session.WaitSpec;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions/{id}/stdin}: at most one of {@code chars},
 * {@code chars_b64} and {@code keys}, and/or {@code eof}; none of them is a poll.
 */
record StdinRequest(@Nullable String chars, @Nullable String charsB64, @Nullable List<String> keys,
		@Nullable Boolean eof, @Nullable Long yieldTimeMs, @Nullable String waitFor, @Nullable Long maxOutputBytes,
		@Nullable String truncation, @Nullable Boolean stripAnsi, @Nullable String requestId) {

	static final StdinRequest POLL = new StdinRequest(null, null, null, null, null, null, null, null, null, null);

	/** Bytes to write, and whether control bytes in them may become signals. */
	record Input(byte[] bytes, boolean typed) {

	}

	boolean writes() {
		return this.chars != null || this.charsB64 != null || this.keys != null || Inputs.flag(this.eof);
	}

	void validate() {
		int given = ((this.chars != null) ? 1 : 0) + ((this.charsB64 != null) ? 1 : 0) + ((this.keys != null) ? 1 : 0);
		if (given > 1) {
			throw ApiException.invalid("give at most one of chars, chars_b64 and keys");
		}
		Inputs.label(this.requestId, "request_id");
		if (this.keys != null) {
			for (String key : this.keys) {
				if (key == null || !Keys.isKnown(key)) {
					throw ApiException.unknownKey(String.valueOf(key));
				}
			}
		}
	}

	/** Decodes the input; named keys depend on the terminal and its cursor mode. */
	Input input(boolean tty, boolean applicationCursor) {
		byte[] bytes;
		boolean typed = true;
		if (this.chars != null) {
			bytes = InputDecoder.decode(this.chars);
		}
		else if (this.charsB64 != null) {
			try {
				bytes = Base64.getDecoder().decode(this.charsB64.strip());
			}
			catch (IllegalArgumentException ex) {
				throw ApiException.invalidBase64("chars_b64 is not valid base64");
			}
			typed = false;
		}
		else if (this.keys != null) {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			this.keys.forEach((key) -> out.writeBytes(Keys.bytes(key, tty, applicationCursor)));
			bytes = out.toByteArray();
		}
		else {
			bytes = new byte[0];
		}
		if (bytes.length > StartRequest.MAX_INPUT_BYTES) {
			throw ApiException.invalid("input is larger than 1 MiB");
		}
		return new Input(bytes, typed);
	}

	WaitSpec toWait(long maxPollMs) {
		long yieldMs = writes() ? Inputs.clamp(this.yieldTimeMs, 250, 0, StartRequest.MAX_YIELD_MS, "yield_time_ms")
				: Inputs.clamp(this.yieldTimeMs, 5000, 0, maxPollMs, "yield_time_ms");
		return new WaitSpec(TimeUnit.MILLISECONDS.toNanos(yieldMs), Inputs.waitFor(this.waitFor),
				(int) Inputs.clamp(this.maxOutputBytes, 32768, 256, 1048576, "max_output_bytes"),
				Inputs.truncation(this.truncation), Inputs.flag(this.stripAnsi));
	}

}

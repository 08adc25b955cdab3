package dev.execd.session;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import dev.execd.output.StreamTag;
import dev.execd.output.Utf8;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;

/**
 * Cuts a session's output, chunk by chunk in log order, into lines per stream: stdout (or
 * the terminal's one stream) into records, stderr into its own lines. At most one line
 * per stream is held, as slices of the chunks read; a line past {@code maxRecordBytes} is
 * dropped as soon as it is too long and skipped to its newline. Not thread-safe.
 */
public final class RecordFramer {

	/** Most bytes of one stderr event: a longer line arrives in pieces. */
	static final int STDERR_PIECE = 64 * 1024;

	/** Most bytes of a bad line quoted in its error. */
	static final int ERROR_TEXT = 1024;

	// Records up to the largest allowed line: the length limits here are ours.
	private static final JsonFactory JSON = JsonFactory.builder()
		.streamReadConstraints(StreamReadConstraints.builder()
			.maxStringLength(Integer.MAX_VALUE)
			.maxNameLength(Integer.MAX_VALUE)
			.maxDocumentLength(-1)
			.maxTokenCount(-1)
			.build())
		.build();

	/** How lines become records. */
	public enum Framing {

		/** Each line is a JSON value. */
		JSONL,
		/** Each line is text. */
		LINES

	}

	private final Framing framing;

	private final long maxRecordBytes;

	private final Pending out = new Pending();

	private final Pending err = new Pending();

	public RecordFramer(Framing framing, long maxRecordBytes) {
		this.framing = framing;
		this.maxRecordBytes = maxRecordBytes;
	}

	/** Frames the bytes {@code [offset, offset + bytes.length)} of one stream. */
	public void feed(long offset, StreamTag tag, byte[] bytes, Consumer<RecordEvent> sink) {
		boolean stderr = tag == StreamTag.STDERR;
		Pending p = stderr ? this.err : this.out;
		int from = 0;
		for (int i = 0; i <= bytes.length; i++) {
			boolean eol = i < bytes.length && bytes[i] == '\n';
			if (!eol && i < bytes.length) {
				continue;
			}
			if (!eol && i == from) {
				break;
			}
			if (stderr && !p.skipping && p.line.length() + (i - from) > STDERR_PIECE && p.line.length() > 0) {
				// A long stderr line leaves in pieces rather than being dropped.
				sink.accept(new RecordEvent.Stderr(p.start, text(p.line, p.line.length())));
				p.reset();
			}
			p.add(offset + from, bytes, from, i - from, stderr ? Long.MAX_VALUE : this.maxRecordBytes);
			if (eol) {
				complete(p, stderr, offset + i + 1, sink);
			}
			from = i + 1;
		}
	}

	/**
	 * Reading starts at {@code at}, inside a character of a line of stream {@code tag}:
	 * the rest of that line is skipped to its newline and reported as nothing.
	 */
	public void startInside(long at, StreamTag tag) {
		Pending p = (tag == StreamTag.STDERR) ? this.err : this.out;
		p.start = at;
		p.skipping = true;
		p.error = null;
	}

	/** Bytes {@code [from, to)} are lost: the lines they cut are skipped to their end. */
	public void gap(long from, long to) {
		for (Pending p : new Pending[] { this.out, this.err }) {
			if (!p.skipping) {
				p.start = (p.start < 0) ? from : p.start;
				p.skipping = true;
				p.error = "gap";
				p.line = new LineBytes();
			}
			else if (!"gap".equals(p.error)) {
				p.error = "gap";
			}
		}
	}

	/** The output ended at {@code end}: unterminated lines are complete now. */
	public void finish(long end, Consumer<RecordEvent> sink) {
		if (this.err.start >= 0) {
			complete(this.err, true, end, sink);
		}
		if (this.out.start >= 0) {
			complete(this.out, false, end, sink);
		}
	}

	/**
	 * The offset of the first byte of a line not yet complete, or -1: a poll that stops
	 * must resume there so as not to lose it.
	 */
	public long pendingStart() {
		long a = this.out.start;
		long b = this.err.start;
		return (a < 0) ? b : (b < 0) ? a : Math.min(a, b);
	}

	private void complete(Pending p, boolean stderr, long next, Consumer<RecordEvent> sink) {
		long start = (p.start < 0) ? next - 1 : p.start;
		if (stderr) {
			if (!p.skipping) {
				p.line.dropLastAll((byte) '\r');
				sink.accept(new RecordEvent.Stderr(start, text(p.line, p.line.length())));
			}
		}
		else if (p.skipping) {
			if (p.error != null) {
				sink.accept(new RecordEvent.Error(start, next, p.error, null));
			}
		}
		else {
			p.line.dropLastAll((byte) '\r');
			RecordEvent event = record(start, next, p.line);
			if (event != null) {
				sink.accept(event);
			}
		}
		p.reset();
	}

	private @Nullable RecordEvent record(long start, long next, LineBytes line) {
		if (this.framing == Framing.LINES) {
			return new RecordEvent.Line(start, next, text(line, line.length()));
		}
		Validity validity = validate(line);
		if (validity == Validity.EMPTY) {
			return null;
		}
		if (validity == Validity.INVALID) {
			return new RecordEvent.Error(start, next, "invalid_json", text(line, ERROR_TEXT));
		}
		// A CR in valid JSON can only be whitespace, and would end an SSE data line.
		line.replace((byte) '\r', (byte) ' ');
		return new RecordEvent.Json(start, next, line);
	}

	private static Validity validate(LineBytes line) {
		try (InputStream in = line.stream(); JsonParser parser = JSON.createParser(ObjectReadContext.empty(), in)) {
			JsonToken first = parser.nextToken();
			if (first == null) {
				return Validity.EMPTY;
			}
			parser.skipChildren();
			return (parser.nextToken() == null) ? Validity.VALID : Validity.INVALID;
		}
		catch (JacksonException | IOException ex) {
			return Validity.INVALID;
		}
	}

	/** At most {@code max} bytes of a line as text, never ending inside a character. */
	private static String text(LineBytes line, long max) {
		byte[] bytes = line.prefix((int) Math.min(max, Integer.MAX_VALUE));
		int n = bytes.length;
		if (n < line.length()) {
			n -= Utf8.incompleteTail(bytes, n);
		}
		return new String(bytes, 0, n, StandardCharsets.UTF_8);
	}

	private enum Validity {

		VALID, INVALID, EMPTY

	}

	/** The line of one stream that is not complete yet. */
	private static final class Pending {

		LineBytes line = new LineBytes();

		long start = -1;

		boolean skipping;

		/** Why a skipped line is skipped; null for the rest of one read from inside. */
		@Nullable String error = "too_long";

		void add(long at, byte[] b, int off, int len, long max) {
			if (this.start < 0) {
				this.start = at;
			}
			if (this.skipping) {
				return;
			}
			if (this.line.length() + len > max) {
				// Never held whole: from here on it is skipped to its newline.
				this.skipping = true;
				this.error = "too_long";
				this.line = new LineBytes();
				return;
			}
			this.line.add(b, off, len);
		}

		void reset() {
			this.line = new LineBytes();
			this.start = -1;
			this.skipping = false;
			this.error = "too_long";
		}

	}

}

package dev.execd.session;

/**
 * What framing a session's output into lines gives: whole stdout lines (records), lines
 * that could not be records, and stderr lines apart from them.
 */
public sealed interface RecordEvent {

	/** The log offset of the line's first byte. */
	static long offsetOf(RecordEvent event) {
		return switch (event) {
			case Json json -> json.offset();
			case Line line -> line.offset();
			case Error error -> error.offset();
			case Stderr line -> line.offset();
		};
	}

	/**
	 * A stdout line that is one valid JSON value ({@code jsonl}), its bytes as they are
	 * (a trailing CR dropped, CRs between tokens turned into spaces).
	 *
	 * @param offset the log offset of its first byte
	 * @param next the offset after its newline: where the next line starts
	 * @param json its bytes
	 */
	record Json(long offset, long next, LineBytes json) implements RecordEvent {

	}

	/**
	 * A stdout line as text ({@code lines}), invalid UTF-8 shown as U+FFFD.
	 *
	 * @param offset the log offset of its first byte
	 * @param next the offset after its newline
	 * @param text the line without its line end
	 */
	record Line(long offset, long next, String text) implements RecordEvent {

	}

	/**
	 * A stdout line that is not a record: {@code invalid_json} (with {@code text}, its
	 * first KiB), {@code too_long} or {@code gap} (with {@code next}, where it ended).
	 *
	 * @param offset the log offset of its first byte
	 * @param next the offset after its newline
	 * @param error why
	 * @param text its first KiB, for {@code invalid_json}, else null
	 */
	record Error(long offset, long next, String error,
			@org.jspecify.annotations.Nullable String text) implements RecordEvent {

	}

	/**
	 * A stderr line (or a 64 KiB piece of a longer one).
	 *
	 * @param offset the log offset of its first byte
	 * @param text the line without its line end
	 */
	record Stderr(long offset, String text) implements RecordEvent {

	}

}

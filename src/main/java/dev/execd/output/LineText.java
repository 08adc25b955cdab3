package dev.execd.output;

/**
 * The text of a line a search reports: at most {@link #MAX_BYTES} of it, cut on UTF-8
 * character boundaries, without the {@code \r}s of a {@code \r\n} or {@code \r\r\n} line
 * end. A longer line shows its start, or, when the match is further in, the part from
 * {@link #LEAD} bytes before the match.
 */
public final class LineText {

	/** The most bytes of a line shown. */
	public static final int MAX_BYTES = 1024;

	/** How much of a long line is shown before a match that is not near its start. */
	static final int LEAD = 256;

	private LineText() {
	}

	/**
	 * A line's text.
	 *
	 * @param text the text shown
	 * @param truncated whether the line has bytes the text leaves out
	 */
	public record Excerpt(String text, boolean truncated) {

	}

	/** The part of {@code line} around the match at {@code match}. */
	public static Excerpt around(OutputLog log, LogScan.Span line, long match) {
		long from = (match - line.from() <= MAX_BYTES - LEAD) ? line.from() : match - LEAD;
		long to = Math.min(line.to(), from + MAX_BYTES);
		byte[] bytes;
		try {
			bytes = log.read(from, (int) (to - from));
		}
		catch (OutputException ex) {
			// The window moved on since the scan: the line is no longer kept.
			return new Excerpt("", true);
		}
		int off = (from > line.from()) ? Utf8.leadingContinuations(bytes, bytes.length) : 0;
		int end = bytes.length;
		if (to < line.to() || end < to - from) {
			end -= Utf8.incompleteTail(bytes, end);
		}
		else {
			end = Math.max(off, Newlines.withoutReturns(bytes, 0, end));
		}
		boolean truncated = from > line.from() || from + bytes.length < line.to();
		return new Excerpt(Utf8.decode(bytes, off, end - off), truncated);
	}

	/** The start of {@code line}. */
	public static Excerpt head(OutputLog log, LogScan.Span line) {
		return around(log, line, line.from());
	}

}

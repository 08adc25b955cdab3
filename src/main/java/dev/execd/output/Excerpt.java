package dev.execd.output;

import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * The text of one byte range of a log as a response shows it: decoded, optionally
 * stripped of escape sequences, and cut to a cap with an exact marker saying which
 * offsets were left out and where to get them.
 *
 * @param text the text with the marker, if any
 * @param omitted bytes left out (0 when all fit)
 */
public record Excerpt(String text, long omitted) {

	/** How far a cut moves to fall at a line end. */
	static final int LINE_SLACK = 256;

	/**
	 * Builds the excerpt of {@code [start, end)}, which must not split a character at
	 * either end.
	 * @param stripper carries escape-sequence state across reads, or null to keep them
	 * @param logUrl the session's log URL, for the marker
	 */
	public static Excerpt of(OutputLog log, long start, long end, int cap, Truncation mode,
			@Nullable AnsiStripper stripper, String logUrl) {
		long length = end - start;
		if (length <= cap) {
			return new Excerpt(text(readFully(log, start, end), stripper), 0);
		}
		int headCap = switch (mode) {
			case HEAD -> cap;
			case TAIL -> 0;
			case HEAD_TAIL -> cap / 2;
		};
		int tailCap = cap - headCap;
		// Cut at character boundaries: the head gives back a split character, the tail
		// skips one (invalid bytes are not characters and are kept). Then at line ends,
		// when one lies within LINE_SLACK bytes: a line cut in two reads as another
		// value.
		byte[] head = readFully(log, start, start + headCap);
		int headLen = headCap - Utf8.incompleteTail(head, headCap);
		if (headLen > 0 && head[headLen - 1] != '\n') {
			int newline = Newlines.lastIndexOf(head, Math.max(0, headLen - LINE_SLACK), headLen);
			headLen = (newline >= Math.max(0, headLen - LINE_SLACK)) ? newline + 1 : headLen;
		}
		// One byte before the tail too, to see whether the tail starts a line already.
		byte[] tail = readFully(log, end - tailCap - 1, end);
		int skip = 1;
		while (skip < 4 && skip < tail.length && Utf8.isContinuation(tail[skip])) {
			skip++;
		}
		if (tailCap > 0 && tail[skip - 1] != '\n') {
			int newline = Newlines.indexOf(tail, skip, Math.min(tail.length, skip + LINE_SLACK));
			skip = (newline >= 0) ? newline + 1 : skip;
		}
		long omitFrom = start + headLen;
		long omitTo = end - tailCap - 1 + skip;
		long omitted = omitTo - omitFrom;
		String marker = marker(omitFrom, omitTo, logUrl);
		String headText = text(Arrays.copyOf(head, headLen), stripper);
		if (stripper != null) {
			// The tail starts at an arbitrary point: escape state from the head does
			// not carry over the gap.
			stripper.reset();
		}
		String tailText = text(Arrays.copyOfRange(tail, skip, tail.length), stripper);
		return new Excerpt(headText + marker + tailText, omitted);
	}

	/**
	 * {@link #of}, for a call that already took effect (input typed, a command started):
	 * when the log cannot be read for want of a descriptor, the whole range stands as
	 * omitted, its marker naming where to fetch it, instead of a refusal that a retry
	 * would answer by doing it twice.
	 */
	public static Excerpt owed(OutputLog log, long start, long end, int cap, Truncation mode,
			@Nullable AnsiStripper stripper, String logUrl) {
		try {
			return of(log, start, end, cap, mode, stripper, logUrl);
		}
		catch (OutputException.ResourcesExhausted ex) {
			if (stripper != null) {
				stripper.reset();
			}
			return (end > start) ? new Excerpt(marker(start, end, logUrl), end - start) : new Excerpt("", 0);
		}
	}

	private static String marker(long from, long to, String logUrl) {
		return "\n[... omitted " + (to - from) + " bytes (offsets " + from + "-" + to + "); full output: GET " + logUrl
				+ (logUrl.contains("?") ? "&" : "?") + "offset=" + from + "&length=" + (to - from) + " ...]\n";
	}

	private static String text(byte[] bytes, @Nullable AnsiStripper stripper) {
		String text = Utf8.decode(bytes);
		return (stripper != null) ? stripper.strip(text) : text;
	}

	/**
	 * Reads exactly {@code [from, to)}.
	 * @throws OutputException.OutputUnavailable when part of it is no longer kept
	 */
	public static byte[] readFully(OutputLog log, long from, long to) {
		byte[] out = new byte[(int) (to - from)];
		int filled = 0;
		while (filled < out.length) {
			byte[] part = log.read(from + filled, out.length - filled);
			if (part.length == 0) {
				throw new OutputException.OutputUnavailable(from + filled);
			}
			System.arraycopy(part, 0, out, filled, part.length);
			filled += part.length;
		}
		return out;
	}

}

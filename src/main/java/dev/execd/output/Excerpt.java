package dev.execd.output;

import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * The text of one byte range of a log as a response shows it: decoded, optionally
 * stripped of escape sequences, and cut to a cap with an exact marker saying which
 * offsets were left out and where to get them. Bytes the log no longer keeps (past the
 * log cap, between the file and the memory window) stand as a gap marker of their own,
 * which names no URL: nothing could fetch them.
 *
 * @param text the text with the markers, if any
 * @param omitted bytes left out by the cut (0 when all fit): those the truncation markers
 * stand for, which the log still has; a gap is not counted
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
		return build(log, start, end, cap, mode, stripper, logUrl, false);
	}

	/**
	 * {@link #of}, for a call that already took effect (input typed, a command started):
	 * when the log cannot be read for want of a descriptor, the bytes it could not read
	 * stand as omitted, their marker naming where to fetch them, instead of a refusal
	 * that a retry would answer by doing it twice.
	 */
	public static Excerpt owed(OutputLog log, long start, long end, int cap, Truncation mode,
			@Nullable AnsiStripper stripper, String logUrl) {
		return build(log, start, end, cap, mode, stripper, logUrl, true);
	}

	private static Excerpt build(OutputLog log, long start, long end, int cap, Truncation mode,
			@Nullable AnsiStripper stripper, String logUrl, boolean owed) {
		LogScan.Span gap = log.gap(start, end);
		while (true) {
			Cut before;
			Cut after;
			try {
				// Every byte is read before any is stripped: a read that fails leaves the
				// stripper as it was.
				if (gap == null) {
					before = cut(log, start, end, cap, mode, owed);
					after = null;
				}
				else {
					long first = gap.from() - start;
					long last = end - gap.to();
					long head = (first + last <= cap) ? first : switch (mode) {
						case HEAD -> Math.min(first, cap);
						case TAIL -> cap - Math.min(last, cap);
						case HEAD_TAIL -> Math.min(first, Math.max(cap / 2, cap - last));
					};
					boolean keepEnd = (mode == Truncation.TAIL);
					before = cut(log, start, gap.from(), (int) head, keepEnd ? Truncation.TAIL : Truncation.HEAD, owed);
					after = cut(log, gap.to(), end, (int) (cap - head),
							(mode == Truncation.HEAD) ? Truncation.HEAD : Truncation.TAIL, owed);
				}
			}
			catch (OutputException.OutputUnavailable ex) {
				// The window moved on past bytes between finding the gap and reading
				// them: the gap is larger now. Any other failure stays one.
				LogScan.Span now = log.gap(start, end);
				if (now == null || now.equals(gap)) {
					throw ex;
				}
				gap = now;
				continue;
			}
			StringBuilder text = new StringBuilder();
			long omitted = before.render(text, stripper, logUrl);
			if (gap != null) {
				text.append(gapMarker(gap.from(), gap.to()));
				if (stripper != null) {
					// Escape state does not carry over bytes that are gone.
					stripper.reset();
				}
				omitted += after.render(text, stripper, logUrl);
			}
			return new Excerpt(text.toString(), omitted);
		}
	}

	/** {@code [start, end)}, all of it kept, cut to {@code cap}. */
	private static Cut cut(OutputLog log, long start, long end, int cap, Truncation mode, boolean owed) {
		try {
			return cut(log, start, end, cap, mode);
		}
		catch (OutputException.ResourcesExhausted ex) {
			if (!owed) {
				throw ex;
			}
			return new Cut(new byte[0], start, end, new byte[0]);
		}
	}

	private static Cut cut(OutputLog log, long start, long end, int cap, Truncation mode) {
		long length = end - start;
		if (length <= cap) {
			return new Cut(readFully(log, start, end), end, end, new byte[0]);
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
		return new Cut(Arrays.copyOf(head, headLen), start + headLen, end - tailCap - 1 + skip,
				Arrays.copyOfRange(tail, skip, tail.length));
	}

	/**
	 * One kept range as read: its head, the omitted bytes {@code [omitFrom, omitTo)}
	 * (none when equal), and its tail.
	 */
	private record Cut(byte[] head, long omitFrom, long omitTo, byte[] tail) {

		/**
		 * Appends the text, with the marker when bytes were omitted.
		 * @return how many were
		 */
		long render(StringBuilder out, @Nullable AnsiStripper stripper, String logUrl) {
			out.append(text(this.head, stripper));
			if (this.omitTo == this.omitFrom) {
				return 0;
			}
			out.append(marker(this.omitFrom, this.omitTo, logUrl));
			if (stripper != null) {
				// The tail starts at an arbitrary point: escape state from the head does
				// not carry over the cut.
				stripper.reset();
			}
			out.append(text(this.tail, stripper));
			return this.omitTo - this.omitFrom;
		}

	}

	private static String marker(long from, long to, String logUrl) {
		return "\n[... omitted " + (to - from) + " bytes (offsets " + from + "-" + to + "); full output: GET " + logUrl
				+ (logUrl.contains("?") ? "&" : "?") + "offset=" + from + "&length=" + (to - from) + " ...]\n";
	}

	/** Bytes no longer kept: no URL, as nothing can fetch them. */
	static String gapMarker(long from, long to) {
		return "\n[... gap: " + (to - from) + " bytes (offsets " + from + "-" + to
				+ ") no longer kept, in neither the log file nor the memory window ...]\n";
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

package dev.execd.output;

import org.jspecify.annotations.Nullable;

/**
 * What a text read that starts at an offset of a log needs to know about the bytes before
 * it: whether it starts inside a character, and the state escape sequences leave there. A
 * reconnecting stream or a paging client lands anywhere, and reads the same text as a
 * read of the whole output would.
 */
public final class ReadStarts {

	/**
	 * How far back {@link #stripperAt} reads: every sequence ends, done or abandoned,
	 * within {@link AnsiStripper#MAX_STRING_BYTES} and its introducer, so a parser that
	 * starts this far back is in the same state as one that read everything before. The
	 * one that started later took the end of a sequence for text, and ESC, CAN and SUB
	 * put both in the same state whatever they were in; only 8-bit introducers (U+0090 to
	 * U+009F) inside a control string's payload could keep them apart longer.
	 */
	static final int STRIP_LOOK_BACK = AnsiStripper.MAX_STRING_BYTES + 64;

	private static final byte[] NONE = new byte[0];

	private ReadStarts() {
	}

	/**
	 * Up to 3 bytes just before {@code at} that a character going on there could begin
	 * in, for {@link Utf8#insideAtStart}: of {@code stream} only when one is given (the
	 * bytes a read of that stream joins), else the log's. Bytes no longer kept are not
	 * among them.
	 * @param sameRun whether only bytes of the run {@code at} continues count, as for
	 * streams that decode each run on its own
	 */
	public static byte[] before(OutputLog log, long at, @Nullable StreamTag stream, boolean sameRun) {
		long lo = Math.max(log.firstAvailable(), at - 3);
		LogScan.Span gap = (lo < at) ? log.gap(lo, at) : null;
		lo = (gap != null) ? Math.max(lo, gap.to()) : lo;
		if (lo >= at) {
			return NONE;
		}
		if (sameRun && log.runAt(at - 1).end() <= at) {
			// Another stream's run starts here.
			return NONE;
		}
		try {
			if (stream != null) {
				return StreamSlice.read(log, lo, at, 3, stream).bytes();
			}
			while (sameRun && log.runAt(lo).end() < at) {
				lo = log.runAt(lo).end();
			}
			return Excerpt.readFully(log, lo, at);
		}
		catch (OutputException.OutputUnavailable ex) {
			// The window moved on meanwhile: the read itself says so.
			return NONE;
		}
	}

	/**
	 * A stripper in the state it would have at {@code at} had it read the log from the
	 * start, so that a read from there does not show the rest of a sequence it starts
	 * inside, from the {@link #STRIP_LOOK_BACK} bytes before it (of {@code stream} only,
	 * when one is given). Bytes no longer kept (before the window, past the log cap) are
	 * not read: then it knows only what the kept bytes tell, which is exact unless a
	 * sequence was open where they begin.
	 */
	public static AnsiStripper stripperAt(OutputLog log, long at, @Nullable StreamTag stream) {
		AnsiStripper stripper = new AnsiStripper();
		long lo = Math.max(log.firstAvailable(), at - STRIP_LOOK_BACK);
		LogScan.Span gap = (lo < at) ? log.gap(lo, at) : null;
		lo = (gap != null) ? Math.max(lo, gap.to()) : lo;
		if (lo >= at) {
			return stripper;
		}
		try {
			byte[] bytes = (stream != null) ? StreamSlice.read(log, lo, at, STRIP_LOOK_BACK, stream).bytes()
					: Excerpt.readFully(log, lo, at);
			int skip = Utf8.leadingContinuations(bytes, bytes.length);
			// Only its state is wanted: the text it returns was an earlier read's.
			stripper.strip(Utf8.decode(bytes, skip, bytes.length - skip));
		}
		catch (OutputException.OutputUnavailable ex) {
			// The window moved on meanwhile: nothing before it is known.
		}
		return stripper;
	}

}

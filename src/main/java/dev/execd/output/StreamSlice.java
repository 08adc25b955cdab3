package dev.execd.output;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * The bytes of one stream read from a log from an offset on, skipping the other stream's
 * runs: the bytes joined, with where each piece lay in the log, so a cut at any joined
 * position maps back to a log offset. A terminal's single stream counts as stdout.
 */
public final class StreamSlice {

	private final byte[] bytes;

	/**
	 * Log offset of each piece: piece i holds the joined bytes from {@code ends[i-1]}.
	 */
	private final long[] offsets;

	/** Joined length at the end of each piece. */
	private final int[] ends;

	private final int pieces;

	private final long scannedTo;

	private StreamSlice(byte[] bytes, long[] offsets, int[] ends, int pieces, long scannedTo) {
		this.bytes = bytes;
		this.offsets = offsets;
		this.ends = ends;
		this.pieces = pieces;
		this.scannedTo = scannedTo;
	}

	/**
	 * Reads up to {@code max} bytes of {@code wanted} from {@code start} to {@code end}.
	 * @param wanted {@link StreamTag#STDOUT} or {@link StreamTag#STDERR}
	 * @throws OutputException.OutputUnavailable when the bytes are no longer kept
	 */
	public static StreamSlice read(OutputLog log, long start, long end, int max, StreamTag wanted) {
		ByteArrayOutputStream joined = new ByteArrayOutputStream(Math.min(max, 64 * 1024));
		LogScan.Span gap = log.gap(start, end);
		if (gap != null && gap.from() > start) {
			// Past the log cap the kept bytes end at the gap; a read from there is
			// refused.
			end = gap.from();
		}
		long[] offsets = new long[4];
		int[] ends = new int[4];
		int pieces = 0;
		long at = start;
		while (at < end && joined.size() < max) {
			StreamRun run = log.runAt(at);
			long runEnd = Math.min(run.end(), end);
			if (!matches(run.tag(), wanted)) {
				at = runEnd;
				continue;
			}
			byte[] piece = log.read(at, (int) Math.min(max - joined.size(), runEnd - at));
			if (piece.length == 0) {
				break;
			}
			if (pieces == offsets.length) {
				offsets = Arrays.copyOf(offsets, pieces * 2);
				ends = Arrays.copyOf(ends, pieces * 2);
			}
			joined.write(piece, 0, piece.length);
			offsets[pieces] = at;
			ends[pieces++] = joined.size();
			at += piece.length;
		}
		return new StreamSlice(joined.toByteArray(), offsets, ends, pieces, at);
	}

	/** Parses a {@code stream} parameter: null for both streams. */
	public static @Nullable StreamTag parse(@Nullable String stream) {
		if (stream == null) {
			return null;
		}
		return switch (stream) {
			case "stdout" -> StreamTag.STDOUT;
			case "stderr" -> StreamTag.STDERR;
			default -> throw new IllegalArgumentException("stream must be stdout or stderr");
		};
	}

	private static boolean matches(StreamTag tag, StreamTag wanted) {
		return tag == wanted || (tag == StreamTag.PTY && wanted == StreamTag.STDOUT);
	}

	/** The joined bytes of the wanted stream. */
	public byte[] bytes() {
		return this.bytes;
	}

	/**
	 * The log offset of joined position {@code index}: the piece's own offset inside it,
	 * and past every skipped run once all joined bytes are taken.
	 */
	public long offsetOf(int index) {
		if (index >= this.bytes.length) {
			return this.scannedTo;
		}
		int piece = 0;
		while (this.ends[piece] <= index) {
			piece++;
		}
		int pieceStart = (piece == 0) ? 0 : this.ends[piece - 1];
		return this.offsets[piece] + (index - pieceStart);
	}

	/** Whether nothing of the wanted stream was found. */
	public boolean isEmpty() {
		return this.pieces == 0;
	}

}

package dev.execd.output;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finding {@code \n} in bytes eight at a time. Output without line ends (a binary dump, a
 * progress bar redrawn with {@code \r}) is otherwise looked at byte by byte on every
 * read, which was the largest cost of capturing it.
 */
public final class Newlines {

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;

	private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

	private Newlines() {
	}

	/** The first {@code \n} in {@code b[from, to)}, or -1. */
	public static int indexOf(byte[] b, int from, int to) {
		int i = from;
		for (; i + 8 <= to; i += 8) {
			long found = newlines((long) LONGS.get(b, i));
			if (found != 0) {
				return i + (Long.numberOfTrailingZeros(found) >>> 3);
			}
		}
		for (; i < to; i++) {
			if (b[i] == '\n') {
				return i;
			}
		}
		return -1;
	}

	/** The last {@code \n} in {@code b[from, to)}, or {@code from - 1}. */
	public static int lastIndexOf(byte[] b, int from, int to) {
		int i = to;
		for (; i - 8 >= from; i -= 8) {
			long found = newlines((long) LONGS.get(b, i - 8));
			if (found != 0) {
				return i - 1 - (Long.numberOfLeadingZeros(found) >>> 3);
			}
		}
		for (i--; i >= from; i--) {
			if (b[i] == '\n') {
				return i;
			}
		}
		return from - 1;
	}

	/**
	 * The end of the line {@code b[from, to)} without its trailing {@code \r}s: a PTY
	 * turns a program's own {@code \r\n} into {@code \r\r\n}, and a person sees no
	 * {@code \r} at a line's end.
	 */
	public static int withoutReturns(byte[] b, int from, int to) {
		int end = to;
		while (end > from && b[end - 1] == '\r') {
			end--;
		}
		return end;
	}

	/**
	 * The high bit of each byte of {@code v} that is {@code \n}, exactly: no carry
	 * crosses from one byte into the next, so the highest set bit is as trustworthy as
	 * the lowest.
	 */
	private static long newlines(long v) {
		long x = v ^ NEWLINES;
		return ~(((x & LOW7) + LOW7) | x | LOW7);
	}

}

package dev.execd.output;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A byte string found eight positions at a time: two adjacent bytes of the needle, the
 * pair least frequent in text, are compared with eight positions of the text at once
 * (SWAR, a {@code long} per eight bytes), and only the positions where both agree are
 * compared in full. With ASCII folding, A-Z in the text count as a-z: a text byte ORed
 * with 0x20 equals a lowercase letter exactly when it is that letter in either case, so
 * the eight-at-a-time comparison costs one OR more.
 */
final class LiteralMatcher implements LineMatcher {

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private static final long ONES = 0x0101010101010101L;

	private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

	/**
	 * How common a byte is in logs, roughly: the pair with the lowest sum is searched.
	 */
	private static final String COMMON = " etaoinsrhldcu\t0123456789.:-_/=,>[]()\"'pmfgwybvk";

	private final byte[] needle;

	private final boolean fold;

	/** Where the searched pair starts in the needle. */
	private final int pair;

	private final long first;

	private final long second;

	/** 0x20 in every byte when the pair's byte is a letter to fold, else 0. */
	private final long firstCase;

	private final long secondCase;

	LiteralMatcher(byte[] needle, boolean foldAscii) {
		this.fold = foldAscii;
		this.needle = needle.clone();
		if (foldAscii) {
			for (int i = 0; i < this.needle.length; i++) {
				this.needle[i] = lower(this.needle[i]);
			}
		}
		this.pair = rarestPair(this.needle);
		this.first = (this.needle.length > 0) ? ONES * (this.needle[this.pair] & 0xFF) : 0;
		this.second = (this.needle.length > 1) ? ONES * (this.needle[this.pair + 1] & 0xFF) : 0;
		this.firstCase = caseBit(this.first, foldAscii);
		this.secondCase = caseBit(this.second, foldAscii);
	}

	private static long caseBit(long broadcast, boolean fold) {
		int b = (int) (broadcast & 0xFF);
		return (fold && b >= 'a' && b <= 'z') ? ONES * 0x20 : 0;
	}

	private static int rarestPair(byte[] n) {
		int best = 0;
		int bestScore = Integer.MAX_VALUE;
		for (int i = 0; i + 1 < n.length; i++) {
			int score = frequency(n[i]) + frequency(n[i + 1]);
			if (score < bestScore) {
				best = i;
				bestScore = score;
			}
		}
		return best;
	}

	private static int frequency(byte b) {
		int at = COMMON.indexOf((char) (b & 0xFF));
		return (at < 0) ? 0 : COMMON.length() - at;
	}

	private static byte lower(byte b) {
		return (b >= 'A' && b <= 'Z') ? (byte) (b + 32) : b;
	}

	@Override
	public int find(byte[] b, int from, int to) {
		int m = this.needle.length;
		if (m == 0) {
			return (from <= to) ? from : -1;
		}
		int r = this.pair;
		int i = from + r;
		// One byte: compared one position at a time (the pair needs two).
		int last = (m == 1) ? i - 1 : Math.min(to - 9, to - m + r);
		long p0 = this.first;
		long p1 = this.second;
		long c0 = this.firstCase;
		long c1 = this.secondCase;
		// Candidates j = i + k (k in 0..7) need b[j] and b[j + 1] (the pair's bytes).
		for (; i <= last; i += 8) {
			long hits = zeros(((long) LONGS.get(b, i) | c0) ^ p0) & zeros(((long) LONGS.get(b, i + 1) | c1) ^ p1);
			if (hits != 0) {
				int start = verify(b, i, hits, to);
				if (start >= 0) {
					return start;
				}
			}
		}
		for (int start = i - r; start + m <= to; start++) {
			if (matchesAt(b, start)) {
				return start;
			}
		}
		return -1;
	}

	/** The first candidate of {@code hits} (at {@code i}) where the whole needle is. */
	private int verify(byte[] b, int i, long hits, int to) {
		for (long left = hits; left != 0; left &= left - 1) {
			int start = i + (Long.numberOfTrailingZeros(left) >>> 3) - this.pair;
			if (start + this.needle.length <= to && matchesAt(b, start)) {
				return start;
			}
		}
		return -1;
	}

	private boolean matchesAt(byte[] b, int start) {
		byte[] n = this.needle;
		for (int j = 0; j < n.length; j++) {
			byte c = this.fold ? lower(b[start + j]) : b[start + j];
			if (c != n[j]) {
				return false;
			}
		}
		return true;
	}

	/** 0x80 in every byte of {@code x} that is zero, 0 elsewhere (no false positives). */
	private static long zeros(long x) {
		return ~(((x & LOW7) + LOW7) | x | LOW7);
	}

	@Override
	public int candidate(byte[] b, int from, int to) {
		return find(b, from, to);
	}

	@Override
	public boolean skips() {
		for (byte c : this.needle) {
			if (c == '\n') {
				return false;
			}
		}
		return true;
	}

}

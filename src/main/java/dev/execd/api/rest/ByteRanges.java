package dev.execd.api.rest;

import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * A single {@code Range: bytes=...} header (RFC 9110 section 14): {@code bytes=A-B}
 * (inclusive), {@code bytes=A-} or {@code bytes=-N} (the last N). A multi-range,
 * unparseable or descending value is ignored, as RFC 9110 allows.
 */
final class ByteRanges {

	private static final Pattern SINGLE_RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

	private ByteRanges() {
	}

	/**
	 * The {@code [from, to)} a header selects of {@code total} bytes, or null when there
	 * is no header or it is to be ignored.
	 * @param what names the bytes in the refusal ("log", "file")
	 * @throws RangeNotSatisfiable when it selects no byte
	 */
	static long @Nullable [] select(@Nullable String header, long total, String what) {
		Matcher matcher = (header != null) ? SINGLE_RANGE.matcher(header.strip()) : null;
		if (matcher == null || !matcher.matches() || (matcher.group(1).isEmpty() && matcher.group(2).isEmpty())
				|| descending(matcher)) {
			return null;
		}
		String first = matcher.group(1);
		String last = matcher.group(2);
		if (first.isEmpty()) {
			long suffix = saturated(last);
			if (suffix == 0 || total == 0) {
				throw new RangeNotSatisfiable(total, what);
			}
			return new long[] { Math.max(0, total - suffix), total };
		}
		long from = saturated(first);
		long to = last.isEmpty() ? total : Math.min(saturated(last), total - 1) + 1;
		if (from >= total || to <= from) {
			throw new RangeNotSatisfiable(total, what);
		}
		return new long[] { from, to };
	}

	/**
	 * Digits as a number, {@link Long#MAX_VALUE} past it: a last byte or a suffix longer
	 * than anything is clamped to the end or the whole (RFC 9110 section 14.1.2), and a
	 * first byte that large is past any end.
	 */
	private static long saturated(String digits) {
		BigInteger value = new BigInteger(digits);
		return (value.bitLength() < Long.SIZE) ? value.longValue() : Long.MAX_VALUE;
	}

	/**
	 * Whether {@code bytes=a-b} ends before it starts: not a valid range-spec, so RFC
	 * 9110 has the header ignored rather than refused.
	 */
	private static boolean descending(Matcher matcher) {
		String first = matcher.group(1);
		String last = matcher.group(2);
		return !first.isEmpty() && !last.isEmpty() && new BigInteger(last).compareTo(new BigInteger(first)) < 0;
	}

}

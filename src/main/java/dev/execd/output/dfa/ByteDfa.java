package dev.execd.output.dfa;

import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Which lines of a buffer a regular expression may match, read byte by byte through a DFA
 * built lazily from the pattern's {@link ByteNfa} ({@link DfaStates}): each step is one
 * table look-up, {@code state = table[state + class[byte]]}. The search is unanchored (a
 * match may start anywhere in a line) and starts over at each {@code \n}. A line it
 * passes over cannot match; one it stops in may, and goes to the regex engine.
 * <p>
 * Each step waits for the look-up before it, so a long range is read as two halves split
 * at a line end, stepped side by side: the two look-ups overlap, at almost twice the rate
 * of one. Not thread-safe.
 */
public final class ByteDfa {

	/** Ranges at least this long are read as two halves. */
	static final int SPLIT = 64 * 1024;

	private final DfaStates states;

	/** Bytes stepped through so far. */
	private long position;

	private ByteDfa(DfaStates states) {
		this.states = states;
	}

	/**
	 * The DFA of {@code pattern}, or null when its syntax is not read here, it is too
	 * large, or it matches the empty string (then every line matches).
	 */
	public static @Nullable ByteDfa of(Pattern pattern) {
		return of(pattern, DfaStates.MAX_STATES);
	}

	static @Nullable ByteDfa of(Pattern pattern, int maxStates) {
		Node node = RegexParser.parse(pattern);
		ByteNfa nfa = (node != null) ? ByteNfa.of(node) : null;
		if (nfa == null) {
			return null;
		}
		DfaStates states = new DfaStates(nfa, maxStates);
		return states.matchesEmpty() ? null : new ByteDfa(states);
	}

	/**
	 * Where in {@code b[from, to)}, lines that end at {@code \n} with {@code from}
	 * starting one, the first line the pattern may match has a byte (no line before it
	 * matches), or -1 when none may.
	 */
	public int scan(byte[] b, int from, int to) {
		if (this.states.gaveUp) {
			return (from < to) ? from : -1;
		}
		int mid = (to - from >= SPLIT) ? nextLine(b, from + (to - from) / 2, to) : to;
		return (mid < to) ? scanTwo(b, from, mid, to) : scanOne(b, from, to, 0);
	}

	/** Where the line after the one at {@code at} starts, or {@code to}. */
	private static int nextLine(byte[] b, int at, int to) {
		int i = at;
		while (i < to && b[i] != '\n') {
			i++;
		}
		return Math.min(i + 1, to);
	}

	/** Times the table was emptied. */
	int emptied() {
		return this.states.epoch;
	}

	/** {@link #scan} from {@code row}. */
	private int scanOne(byte[] b, int from, int to, int row) {
		DfaStates dfa = this.states;
		int[] classes = dfa.classOf;
		int s = row;
		int i = from;
		while (true) {
			// The loop stays this small; a step not made yet is made outside it.
			int[] t = dfa.table;
			int next = 0;
			for (; i < to; i++) {
				next = t[s + classes[b[i] & 0xFF]];
				if (next < 0) {
					break;
				}
				s = next;
			}
			if (i == to) {
				this.position += to - from;
				return -1;
			}
			next = (next == DfaStates.UNKNOWN) ? dfa.step(s, classes[b[i] & 0xFF], this.position + i - from) : next;
			if (next < 0) {
				this.position += i - from;
				return i;
			}
			s = next;
			i++;
		}
	}

	/** {@link #scan} of {@code [from, mid)} and {@code [mid, to)} side by side. */
	private int scanTwo(byte[] b, int from, int mid, int to) {
		DfaStates dfa = this.states;
		int[] classes = dfa.classOf;
		long base = this.position;
		int s1 = 0;
		int s2 = 0;
		int i = from;
		int j = mid;
		int end = from + Math.min(mid - from, to - mid);
		while (true) {
			int[] t = dfa.table;
			int n1 = 0;
			int n2 = 0;
			for (; i < end; i++, j++) {
				n1 = t[s1 + classes[b[i] & 0xFF]];
				n2 = t[s2 + classes[b[j] & 0xFF]];
				if ((n1 | n2) < 0) {
					break;
				}
				s1 = n1;
				s2 = n2;
			}
			if (i == end) {
				break;
			}
			this.position = base + 2L * (i - from);
			if (n1 == DfaStates.UNKNOWN) {
				int epoch = dfa.epoch;
				int[] other = dfa.set(s2);
				n1 = dfa.step(s1, classes[b[i] & 0xFF], this.position);
				s2 = (dfa.epoch != epoch) ? dfa.row(other) : s2;
			}
			if (n1 < 0) {
				return i;
			}
			int c2 = classes[b[j] & 0xFF];
			n2 = dfa.table[s2 + c2];
			if (n2 == DfaStates.UNKNOWN) {
				int epoch = dfa.epoch;
				int[] other = dfa.set(n1);
				n2 = dfa.step(s2, c2, this.position);
				n1 = (dfa.epoch != epoch) ? dfa.row(other) : n1;
			}
			if (n2 < 0) {
				// The second half may match at j: the first goes on alone.
				int first = scanOne(b, i + 1, mid, n1);
				return (first >= 0) ? first : j;
			}
			s1 = n1;
			s2 = n2;
			i++;
			j++;
		}
		this.position = base + (i - from) + (j - mid);
		return (i < mid) ? scanOne(b, i, mid, s1) : scanOne(b, j, to, s2);
	}

}

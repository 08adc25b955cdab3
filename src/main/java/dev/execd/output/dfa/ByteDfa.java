package dev.execd.output.dfa;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Which lines of a buffer a regular expression may match, read byte by byte through a DFA
 * built lazily from the pattern's {@link ByteNfa}: each step is one table look-up,
 * {@code state = table[state + class[byte]]}. The search is unanchored (a match may start
 * anywhere in a line) and starts over at each {@code \n}. A line it passes over cannot
 * match; one it stops in may, and goes to the regex engine.
 * <p>
 * States are made as the text needs them, at most {@link #MAX_TABLE} table entries and
 * {@link #MAX_SET_ENTRIES} NFA states in their sets; when that is full the table is
 * emptied and built again, and when that happens faster than {@link #BYTES_PER_STATE}
 * bytes per state the DFA gives up and every line is a candidate. Bytes that no state
 * tells apart share one class, so a row holds one entry per class. Not thread-safe.
 */
public final class ByteDfa {

	/** Table entries at most (4 bytes each). */
	static final int MAX_TABLE = 1 << 18;

	static final int MAX_STATES = 4096;

	/** NFA states listed across all DFA states at most (4 bytes each). */
	static final int MAX_SET_ENTRIES = 1 << 20;

	static final int BYTES_PER_STATE = 64;

	private static final int UNKNOWN = -1;

	private static final int ACCEPT = -2;

	private static final int GAVE_UP = -3;

	private final ByteNfa nfa;

	private final int[] classOf = new int[256];

	private final int[] representative = new int[256];

	private final int stride;

	private final int maxStates;

	private int[] table;

	private int[][] sets;

	private int count;

	private int setEntries;

	private final Map<Key, Integer> ids = new HashMap<>();

	private final int[] startSet;

	private boolean gaveUp;

	/** Bytes scanned so far, and where the table was last emptied. */
	private long position;

	private long emptiedAt;

	private int emptied;

	private ByteDfa(ByteNfa nfa, int maxStates) {
		this.nfa = nfa;
		this.stride = nfa.classes(this.classOf, this.representative);
		this.maxStates = Math.max(3, Math.min(maxStates, MAX_TABLE / this.stride));
		this.table = new int[16 * this.stride];
		this.sets = new int[16][];
		int[] start = nfa.closure(new int[] { nfa.start }, 1);
		this.startSet = (start != null) ? start : new int[0];
		if (start != null) {
			state(start);
		}
	}

	/**
	 * The DFA of {@code pattern}, or null when its syntax is not read here, it is too
	 * large, or it matches the empty string (then every line matches).
	 */
	public static @Nullable ByteDfa of(Pattern pattern) {
		return of(pattern, MAX_STATES);
	}

	static @Nullable ByteDfa of(Pattern pattern, int maxStates) {
		Node node = RegexParser.parse(pattern);
		ByteNfa nfa = (node != null) ? ByteNfa.of(node) : null;
		if (nfa == null) {
			return null;
		}
		ByteDfa dfa = new ByteDfa(nfa, maxStates);
		return (dfa.count > 0) ? dfa : null;
	}

	/**
	 * Where in {@code b[from, to)}, lines that end at {@code \n} with {@code from}
	 * starting one, the first line the pattern may match has a byte (no line before it
	 * matches), or -1 when none may.
	 */
	public int scan(byte[] b, int from, int to) {
		if (this.gaveUp) {
			return (from < to) ? from : -1;
		}
		int[] t = this.table;
		int[] classes = this.classOf;
		int s = 0;
		for (int i = from; i < to; i++) {
			int c = classes[b[i] & 0xFF];
			int next = t[s + c];
			if (next < 0) {
				next = (next == UNKNOWN) ? step(s, c, this.position + i - from) : next;
				if (next < 0) {
					this.position += i - from;
					return i;
				}
				t = this.table;
			}
			s = next;
		}
		this.position += to - from;
		return -1;
	}

	/** How many times the table was emptied. */
	int emptied() {
		return this.emptied;
	}

	/** Fills in the entry of {@code row} for byte class {@code c}. */
	private int step(int row, int c, long at) {
		int[] from = this.sets[row / this.stride];
		int[] targets = new int[from.length + 1];
		int n = 0;
		for (int state : from) {
			if (this.nfa.reads(state, this.representative[c])) {
				targets[n++] = this.nfa.out[state];
			}
		}
		targets[n++] = this.nfa.start;
		int[] next = this.nfa.closure(targets, n);
		if (next == null) {
			this.table[row + c] = ACCEPT;
			return ACCEPT;
		}
		Integer id = this.ids.get(new Key(next));
		if (id == null) {
			if (this.count >= this.maxStates || this.setEntries > MAX_SET_ENTRIES) {
				if (at - this.emptiedAt < (long) BYTES_PER_STATE * this.maxStates) {
					this.gaveUp = true;
					return GAVE_UP;
				}
				this.emptiedAt = at;
				this.emptied++;
				this.count = 0;
				this.setEntries = 0;
				this.ids.clear();
				state(this.startSet);
				row = state(from) * this.stride;
			}
			id = state(next);
		}
		this.table[row + c] = id * this.stride;
		return id * this.stride;
	}

	/** The state of an NFA set, made when new. */
	private int state(int[] set) {
		Integer known = this.ids.get(new Key(set));
		if (known != null) {
			return known;
		}
		int id = this.count++;
		if (id == this.sets.length) {
			this.sets = Arrays.copyOf(this.sets, id * 2);
			this.table = Arrays.copyOf(this.table, id * 2 * this.stride);
		}
		this.sets[id] = set;
		this.setEntries += set.length;
		this.ids.put(new Key(set), id);
		int row = id * this.stride;
		Arrays.fill(this.table, row, row + this.stride, UNKNOWN);
		this.table[row + this.classOf['\n']] = 0;
		return id;
	}

	/** An NFA set as a map key. */
	private record Key(int[] states) {

		@Override
		public boolean equals(Object other) {
			return other instanceof Key key && Arrays.equals(this.states, key.states);
		}

		@Override
		public int hashCode() {
			return Arrays.hashCode(this.states);
		}

	}

}

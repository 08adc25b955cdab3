package dev.execd.output.dfa;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The states of a {@link ByteDfa}, made as the text needs them from sets of
 * {@link ByteNfa} states, and its transition table: row {@code r} (a multiple of
 * {@link #stride}) holds per byte class the row to go to, {@link #UNKNOWN} when not yet
 * made, or {@link #ACCEPT}. Row 0 is the start of a line; {@code \n} always leads there.
 * <p>
 * At most {@link #MAX_TABLE} table entries and {@link #MAX_SET_ENTRIES} NFA states in the
 * sets are kept; when that is full the table is emptied and built again (the
 * {@link #epoch} changes, and rows held by a caller must be found again with
 * {@link #row}), and when that happens faster than {@link #BYTES_PER_STATE} bytes per
 * state the DFA gives up. It also gives up when making states costs more than
 * {@link #WORK_PER_BYTE} NFA states listed per byte scanned (after {@link #FREE_WORK}),
 * so a pattern whose states are many and large never costs a search more than the engine
 * would. Bytes that no state tells apart share one class.
 */
final class DfaStates {

	/** Table entries at most (4 bytes each). */
	static final int MAX_TABLE = 1 << 18;

	static final int MAX_STATES = 4096;

	/** NFA states listed across all DFA states at most (4 bytes each). */
	static final int MAX_SET_ENTRIES = 1 << 20;

	static final int BYTES_PER_STATE = 64;

	static final long FREE_WORK = 1 << 20;

	static final int BYTES_PER_WORK = 4;

	static final int UNKNOWN = -1;

	static final int ACCEPT = -2;

	static final int GAVE_UP = -3;

	private final ByteNfa nfa;

	final int[] classOf = new int[256];

	private final int[] representative = new int[256];

	final int stride;

	private final int maxStates;

	int[] table;

	private int[][] sets;

	private int count;

	private int setEntries;

	private final Map<Key, Integer> ids = new HashMap<>();

	private final int[] startSet;

	boolean gaveUp;

	/** How many times the table was emptied. */
	int epoch;

	/** NFA states listed in the sets stepped from and to so far. */
	private long work;

	/** Where the table was last emptied, in bytes scanned. */
	private long emptiedAt;

	DfaStates(ByteNfa nfa, int maxStates) {
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

	/** Whether the empty string matches: then every line does. */
	boolean matchesEmpty() {
		return this.count == 0;
	}

	/** The NFA states of a row. */
	int[] set(int row) {
		return this.sets[row / this.stride];
	}

	/** The row of an NFA set, made when new. */
	int row(int[] set) {
		return state(set) * this.stride;
	}

	/**
	 * Fills in the entry of {@code row} for byte class {@code c}, {@code at} bytes into
	 * the text.
	 * @return the next row, {@link #ACCEPT} or {@link #GAVE_UP}
	 */
	int step(int row, int c, long at) {
		if (this.gaveUp) {
			return GAVE_UP;
		}
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
		this.work += from.length + ((next != null) ? next.length : 0);
		if (this.work > FREE_WORK + at / BYTES_PER_WORK) {
			this.gaveUp = true;
			return GAVE_UP;
		}
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
				this.epoch++;
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

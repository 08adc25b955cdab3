package dev.execd.output.dfa;

import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * A Thompson NFA over the bytes of a line, built from a {@link Node}. The matcher sees a
 * line as the characters its bytes decode to: an ASCII byte is that character, and every
 * other character (a valid sequence, an invalid byte as U+FFFD, half of a surrogate pair)
 * comes from a non-empty run of bytes 0x80-0xFF, except overlong three- and four-byte
 * sequences, which decode to ASCII characters. So an ASCII character is its byte or its
 * overlong forms, and a character beyond ASCII is one or more bytes 0x80-0xFF.
 * <p>
 * A state either reads one byte of a set and goes to {@code out}, or moves without input
 * to {@code out} and, when set, {@code alt}. State 0 accepts.
 */
final class ByteNfa {

	/** Beyond this many states (large counted repetitions) no DFA is built. */
	static final int MAX_STATES = 10_000;

	static final int MATCH = 0;

	private static final long[] ABOVE_ASCII = { 0, 0, -1L, -1L };

	private int count;

	/** Per reading state its byte set, as four words; null for a move without input. */
	long[] @Nullable [] bytes = new long[64][];

	int[] out = new int[64];

	int[] alt = new int[64];

	final int start;

	/** Scratch space of {@link #closure}. */
	private int[] mark = new int[0];

	private int generation;

	private int[] stack = new int[0];

	private int[] found = new int[0];

	private ByteNfa(Node root) {
		add(null, -1, -1);
		this.start = compile(root, MATCH);
	}

	/** The NFA of {@code root}, or null when it would have too many states. */
	static @Nullable ByteNfa of(Node root) {
		try {
			return new ByteNfa(root);
		}
		catch (Source.Unsupported ex) {
			return null;
		}
	}

	/**
	 * The reading states reached from {@code targets[0, n)} without input, sorted, or
	 * null when the accepting state is among them.
	 */
	int @Nullable [] closure(int[] targets, int n) {
		if (this.mark.length != this.count) {
			this.mark = new int[this.count];
			this.stack = new int[3 * this.count + 2];
			this.found = new int[this.count];
		}
		int stamp = ++this.generation;
		int top = 0;
		int size = 0;
		for (int i = 0; i < n; i++) {
			this.stack[top++] = targets[i];
		}
		while (top > 0) {
			int state = this.stack[--top];
			if (this.mark[state] == stamp) {
				continue;
			}
			this.mark[state] = stamp;
			if (state == MATCH) {
				return null;
			}
			if (this.bytes[state] != null) {
				this.found[size++] = state;
			}
			else {
				this.stack[top++] = this.out[state];
				if (this.alt[state] >= 0) {
					this.stack[top++] = this.alt[state];
				}
			}
		}
		int[] set = Arrays.copyOf(this.found, size);
		Arrays.sort(set);
		return set;
	}

	int size() {
		return this.count;
	}

	boolean reads(int state, int b) {
		long[] set = this.bytes[state];
		return set != null && (set[b >>> 6] & (1L << b)) != 0;
	}

	/**
	 * Groups bytes that no state tells apart, {@code \n} alone.
	 * @param classOf filled with each byte's group
	 * @param representative filled with a byte of each group
	 * @return the number of groups
	 */
	int classes(int[] classOf, int[] representative) {
		boolean[] cut = new boolean[256];
		cut['\n'] = true;
		cut['\n' + 1] = true;
		for (int state = 0; state < this.count; state++) {
			for (int b = 1; b < 256; b++) {
				cut[b] |= reads(state, b) != reads(state, b - 1);
			}
		}
		int c = 0;
		for (int b = 0; b < 256; b++) {
			c += (b > 0 && cut[b]) ? 1 : 0;
			classOf[b] = c;
			representative[c] = b;
		}
		return c + 1;
	}

	/** Builds {@code node} so that it goes on to {@code next}; returns its entry. */
	private int compile(Node node, int next) {
		return switch (node) {
			case Chars chars -> chars(chars, next);
			case Node.Sequence sequence -> {
				int entry = next;
				for (int i = sequence.parts().size() - 1; i >= 0; i--) {
					entry = compile(sequence.parts().get(i), entry);
				}
				yield entry;
			}
			case Node.Alternatives alternatives -> {
				int entry = compile(alternatives.choices().getLast(), next);
				for (int i = alternatives.choices().size() - 2; i >= 0; i--) {
					entry = add(null, compile(alternatives.choices().get(i), next), entry);
				}
				yield entry;
			}
			case Node.Repeat repeat -> repeat(repeat, next);
		};
	}

	private int repeat(Node.Repeat repeat, int next) {
		int entry;
		if (repeat.max() == Node.Repeat.UNBOUNDED) {
			entry = add(null, -1, next);
			// Built first: building may grow the arrays.
			int body = compile(repeat.node(), entry);
			this.out[entry] = body;
		}
		else {
			if (repeat.max() < repeat.min()) {
				throw new Source.Unsupported();
			}
			entry = next;
			for (int i = repeat.min(); i < repeat.max(); i++) {
				entry = add(null, compile(repeat.node(), entry), next);
			}
		}
		for (int i = 0; i < repeat.min(); i++) {
			entry = compile(repeat.node(), entry);
		}
		return entry;
	}

	/**
	 * One character of {@code chars}: its bytes, its overlong forms, or a run above
	 * ASCII.
	 */
	private int chars(Chars chars, int next) {
		int entry = add(new long[] { chars.low(), chars.high(), 0, 0 }, next, -1);
		if (chars.nonAscii()) {
			int loop = add(null, -1, next);
			int run = add(ABOVE_ASCII, loop, -1);
			this.out[loop] = run;
			return add(null, run, entry);
		}
		// Overlong: E0 80 xx and F0 80 80 xx decode to 0-63, E0 81 xx and F0 80 81 xx to
		// 64-127, xx = 0x80 | the low six bits.
		for (int half = 0; half < 2; half++) {
			long six = (half == 0) ? chars.low() : chars.high();
			if (six != 0) {
				int last = add(new long[] { 0, 0, six, 0 }, next, -1);
				int second = add(single(0x80 + half), last, -1);
				int three = add(single(0xE0), second, -1);
				int four = add(single(0xF0), add(single(0x80), second, -1), -1);
				entry = add(null, entry, add(null, three, four));
			}
		}
		return entry;
	}

	private static long[] single(int b) {
		long[] set = new long[4];
		set[b >>> 6] |= 1L << b;
		return set;
	}

	private int add(long @Nullable [] set, int next, int other) {
		if (this.count == MAX_STATES) {
			throw new Source.Unsupported();
		}
		if (this.count == this.out.length) {
			int size = this.count * 2;
			this.bytes = Arrays.copyOf(this.bytes, size);
			this.out = Arrays.copyOf(this.out, size);
			this.alt = Arrays.copyOf(this.alt, size);
		}
		this.bytes[this.count] = set;
		this.out[this.count] = next;
		this.alt[this.count] = other;
		return this.count++;
	}

}

package dev.execd.output.dfa;

import java.util.List;

/**
 * A regular expression as the DFA reads it: sets of characters, sequences, alternatives
 * and repetitions. Anchors and lookaround are the empty sequence, which accepts more.
 */
sealed interface Node permits Chars, Node.Sequence, Node.Alternatives, Node.Repeat {

	/** Matches the empty string only. */
	Node EMPTY = new Sequence(List.of());

	/** Any text at all, as a back reference may match. */
	Node ANY_TEXT = new Repeat(Chars.ANY, 0, Repeat.UNBOUNDED);

	/**
	 * One part after the other.
	 *
	 * @param parts in order
	 */
	record Sequence(List<Node> parts) implements Node {

	}

	/**
	 * One of several.
	 *
	 * @param choices at least one
	 */
	record Alternatives(List<Node> choices) implements Node {

	}

	/**
	 * {@code node{min,max}}.
	 *
	 * @param node what repeats
	 * @param min fewest times
	 * @param max most times, or {@link #UNBOUNDED}
	 */
	record Repeat(Node node, int min, int max) implements Node {

		static final int UNBOUNDED = -1;

	}

}

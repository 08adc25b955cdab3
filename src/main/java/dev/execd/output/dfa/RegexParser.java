package dev.execd.output.dfa;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Reads a {@link Pattern}'s source into a {@link Node} that matches at least every text
 * the pattern matches: anchors, word boundaries and lookaround become the empty sequence,
 * a back reference any text, an atomic group or a lazy or possessive quantifier its
 * greedy form, an inline {@code (?i)} ignores case in the whole pattern. What it cannot
 * read that way (comments mode, Unicode character classes, quoting or ranges it is unsure
 * of) gives no node.
 */
final class RegexParser {

	/** Flags that only ever make the pattern match less than the node built without. */
	private static final int READ_FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.MULTILINE
			| Pattern.DOTALL | Pattern.UNIX_LINES;

	private final Source in;

	private final boolean fold;

	/** Whether an inline flag turns case folding on somewhere. */
	private boolean foldInline;

	private RegexParser(String source, boolean fold) {
		this.in = new Source(source);
		this.fold = fold;
	}

	/** The pattern as a node, or null when it uses syntax read here. */
	static @Nullable Node parse(Pattern pattern) {
		if ((pattern.flags() & ~READ_FLAGS) != 0) {
			return null;
		}
		boolean fold = (pattern.flags() & Pattern.CASE_INSENSITIVE) != 0;
		try {
			RegexParser parser = new RegexParser(pattern.pattern(), fold);
			Node node = parser.whole();
			return (parser.foldInline && !fold) ? new RegexParser(pattern.pattern(), true).whole() : node;
		}
		catch (Source.Unsupported ex) {
			return null;
		}
	}

	private Node whole() {
		Node node = alternatives();
		if (!this.in.atEnd()) {
			throw new Source.Unsupported();
		}
		return node;
	}

	private Node alternatives() {
		List<Node> choices = new ArrayList<>();
		choices.add(sequence());
		while (this.in.eat('|')) {
			choices.add(sequence());
		}
		return (choices.size() == 1) ? choices.get(0) : new Node.Alternatives(choices);
	}

	private Node sequence() {
		List<Node> parts = new ArrayList<>();
		while (!this.in.atEnd() && this.in.peek() != '|' && this.in.peek() != ')') {
			parts.add(quantified(atom()));
		}
		return (parts.size() == 1) ? parts.get(0) : new Node.Sequence(parts);
	}

	private Node quantified(Node atom) {
		int min;
		int max;
		if (this.in.eat('*')) {
			min = 0;
			max = Node.Repeat.UNBOUNDED;
		}
		else if (this.in.eat('+')) {
			min = 1;
			max = Node.Repeat.UNBOUNDED;
		}
		else if (this.in.eat('?')) {
			min = 0;
			max = 1;
		}
		else if (this.in.eat('{')) {
			min = this.in.number(10, 9);
			max = !this.in.eat(',') ? min : (this.in.peek() == '}') ? Node.Repeat.UNBOUNDED : this.in.number(10, 9);
			this.in.expect('}');
		}
		else {
			return atom;
		}
		if (!this.in.eat('?')) {
			this.in.eat('+');
		}
		if (isQuantifier(this.in.peek())) {
			throw new Source.Unsupported();
		}
		return new Node.Repeat(atom, min, max);
	}

	private static boolean isQuantifier(int c) {
		return c == '*' || c == '+' || c == '?' || c == '{';
	}

	private Node atom() {
		int c = this.in.next();
		return switch (c) {
			case '(' -> group();
			case '[' -> CharParser.charClass(this.in, this.fold);
			case '.' -> Chars.ANY;
			case '^', '$' -> Node.EMPTY;
			case '\\' -> escape();
			default -> {
				if (isQuantifier(c)) {
					throw new Source.Unsupported();
				}
				yield chars(Chars.of(c));
			}
		};
	}

	private Chars chars(Chars set) {
		return this.fold ? set.fold() : set;
	}

	/** After {@code (}, up to and with its {@code )}. */
	private Node group() {
		boolean keep = true;
		if (this.in.eat('?')) {
			int kind = this.in.next();
			if (kind == '=' || kind == '!') {
				keep = false;
			}
			else if (kind == '<') {
				keep = !this.in.eat('=') && !this.in.eat('!');
				if (keep) {
					this.in.until('>');
				}
			}
			else if (kind != ':' && kind != '>') {
				if (inlineFlags(kind)) {
					return Node.EMPTY;
				}
			}
		}
		Node inner = alternatives();
		this.in.expect(')');
		return keep ? inner : Node.EMPTY;
	}

	/**
	 * Flags {@code (?idm-s)} or {@code (?i:...)} from their first letter on.
	 * @return whether the group ended with the flags
	 */
	private boolean inlineFlags(int first) {
		boolean on = true;
		for (int c = first;; c = this.in.next()) {
			if (c == ')' || c == ':') {
				return c == ')';
			}
			if (c == '-') {
				on = false;
			}
			else if (on && (c == 'x' || c == 'U')) {
				throw new Source.Unsupported();
			}
			else if (on && c == 'i') {
				this.foldInline = true;
			}
			else if ("idmsuxUc".indexOf(c) < 0) {
				throw new Source.Unsupported();
			}
		}
	}

	private Node escape() {
		int letter = this.in.next();
		if (letter >= '1' && letter <= '9') {
			while (Character.digit(this.in.peek(), 10) >= 0) {
				this.in.next();
			}
			return Node.ANY_TEXT;
		}
		switch (letter) {
			case 'k' -> {
				this.in.expect('<');
				this.in.until('>');
				return Node.ANY_TEXT;
			}
			case 'b' -> {
				if (this.in.startsWith("{g}")) {
					this.in.skip(3);
				}
				return Node.EMPTY;
			}
			case 'B', 'A', 'z', 'Z', 'G' -> {
				return Node.EMPTY;
			}
			case 'R' -> {
				return new Node.Repeat(Chars.ANY, 1, 2);
			}
			case 'X' -> {
				return new Node.Repeat(Chars.ANY, 1, Node.Repeat.UNBOUNDED);
			}
			case 'Q' -> {
				return quoted();
			}
			default -> {
				int c = CharParser.single(this.in, letter);
				return chars((c >= 0) ? Chars.of(c) : CharParser.set(this.in, letter));
			}
		}
	}

	/** After {@code \Q}, up to and with {@code \E} or the end. */
	private Node quoted() {
		List<Node> parts = new ArrayList<>();
		while (!this.in.atEnd() && !this.in.startsWith("\\E")) {
			parts.add(chars(Chars.of(this.in.next())));
		}
		if (!this.in.atEnd()) {
			this.in.skip(2);
		}
		return new Node.Sequence(parts);
	}

}

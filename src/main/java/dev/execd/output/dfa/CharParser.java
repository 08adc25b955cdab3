package dev.execd.output.dfa;

/**
 * Character classes and the escapes that stand for characters, read the way
 * {@code java.util.regex.Pattern} reads them; what names characters by property or
 * intersects classes becomes a larger set (at worst any character), never a smaller one.
 */
final class CharParser {

	private static final Chars DIGITS = Chars.range('0', '9');

	private static final Chars WORD = Chars.range('a', 'z').or(Chars.range('A', 'Z')).or(DIGITS).or(Chars.of('_'));

	private static final Chars SPACE = Chars.all(" \t\n\u000B\f\r");

	/** {@code \h}: space, tab and horizontal spaces beyond ASCII. */
	private static final Chars HORIZONTAL = Chars.all(" \t").or(Chars.of(0xA0));

	/** {@code \v}: vertical spaces, ASCII and beyond. */
	private static final Chars VERTICAL = Chars.all("\n\u000B\f\r").or(Chars.of(0x85));

	private CharParser() {
	}

	/** A class, after its {@code [}, up to and with its {@code ]}. */
	static Chars charClass(Source in, boolean fold) {
		boolean negate = in.eat('^');
		if (in.peek() == ']') {
			throw new Source.Unsupported();
		}
		Chars set = Chars.NONE;
		boolean any = false;
		while (!in.eat(']')) {
			if (in.eat('[')) {
				// Nested classes and their negation are read differently across JDKs.
				charClass(in, fold);
				any = true;
			}
			else if (in.startsWith("&&")) {
				in.skip(2);
				any = true;
			}
			else {
				set = set.or(member(in));
			}
		}
		if (any) {
			return Chars.ANY;
		}
		set = negate ? set.negate() : set;
		return fold ? set.fold() : set;
	}

	/** One character, range or escaped set of a class. */
	private static Chars member(Source in) {
		int first = in.next();
		if (first == '\\') {
			int letter = in.next();
			first = single(in, letter);
			if (first < 0) {
				return set(in, letter);
			}
		}
		if (in.peek() != '-' || in.peekSecond() == ']') {
			return Chars.of(first);
		}
		in.next();
		if (in.peek() == '[') {
			throw new Source.Unsupported();
		}
		int last = in.next();
		if (last == '\\') {
			last = single(in, in.next());
		}
		if (last < first) {
			throw new Source.Unsupported();
		}
		return Chars.range(first, last);
	}

	/**
	 * The character an escape {@code \letter} stands for, or -1 when it stands for a set
	 * (nothing taken then).
	 * @throws Source.Unsupported for any other escape of a letter or digit
	 */
	static int single(Source in, int letter) {
		return switch (letter) {
			case 't' -> '\t';
			case 'n' -> '\n';
			case 'r' -> '\r';
			case 'f' -> '\f';
			case 'a' -> 7;
			case 'e' -> 27;
			case 'c' -> in.next() ^ 64;
			case '0' -> octal(in);
			case 'x' -> in.eat('{') ? hexInBraces(in) : in.number(16, 2);
			case 'u' -> in.number(16, 4);
			case 'd', 'D', 'w', 'W', 's', 'S', 'h', 'H', 'v', 'V', 'p', 'P', 'N' -> -1;
			default -> {
				if (Character.isLetterOrDigit(letter)) {
					throw new Source.Unsupported();
				}
				yield letter;
			}
		};
	}

	/** The set an escape {@code \letter} stands for, after {@link #single} gave -1. */
	static Chars set(Source in, int letter) {
		return switch (letter) {
			case 'd' -> DIGITS;
			case 'D' -> DIGITS.negate();
			case 'w' -> WORD;
			case 'W' -> WORD.negate();
			case 's' -> SPACE;
			case 'S' -> SPACE.negate();
			case 'h' -> HORIZONTAL;
			case 'H' -> HORIZONTAL.negate();
			case 'v' -> VERTICAL;
			case 'V' -> VERTICAL.negate();
			default -> {
				// \p{...}, \P{...}, \pL, \N{...}: any character, which is never too few.
				if (in.eat('{')) {
					in.until('}');
				}
				else if (letter == 'N') {
					throw new Source.Unsupported();
				}
				else {
					in.next();
				}
				yield Chars.ANY;
			}
		};
	}

	private static int octal(Source in) {
		int first = in.number(8, 1);
		if (Character.digit(in.peek(), 8) < 0) {
			return first;
		}
		int two = first * 8 + in.number(8, 1);
		return (first <= 3 && Character.digit(in.peek(), 8) >= 0) ? two * 8 + in.number(8, 1) : two;
	}

	private static int hexInBraces(Source in) {
		int value = in.number(16, 8);
		in.expect('}');
		return value;
	}

}

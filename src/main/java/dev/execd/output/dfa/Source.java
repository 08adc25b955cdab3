package dev.execd.output.dfa;

/**
 * The text of a regular expression being read, one code point at a time.
 */
final class Source {

	private final String text;

	private int at;

	Source(String text) {
		this.text = text;
	}

	boolean atEnd() {
		return this.at >= this.text.length();
	}

	/** The next code point without taking it, or -1 at the end. */
	int peek() {
		return atEnd() ? -1 : this.text.codePointAt(this.at);
	}

	/** The code point after the next, or -1. */
	int peekSecond() {
		if (atEnd()) {
			return -1;
		}
		int second = this.at + Character.charCount(this.text.codePointAt(this.at));
		return (second < this.text.length()) ? this.text.codePointAt(second) : -1;
	}

	int next() {
		if (atEnd()) {
			throw new Unsupported();
		}
		int c = this.text.codePointAt(this.at);
		this.at += Character.charCount(c);
		return c;
	}

	/** Takes {@code c} if it comes next. */
	boolean eat(int c) {
		if (peek() == c) {
			this.at += Character.charCount(c);
			return true;
		}
		return false;
	}

	void expect(int c) {
		if (!eat(c)) {
			throw new Unsupported();
		}
	}

	boolean startsWith(String prefix) {
		return this.text.startsWith(prefix, this.at);
	}

	void skip(int chars) {
		this.at += chars;
	}

	/** The text up to {@code end} (not taken), which must come. */
	String until(char end) {
		int stop = this.text.indexOf(end, this.at);
		if (stop < 0) {
			throw new Unsupported();
		}
		String part = this.text.substring(this.at, stop);
		this.at = stop + 1;
		return part;
	}

	/** Up to {@code max} digits of {@code radix}, at least one, as a number. */
	int number(int radix, int max) {
		int value = 0;
		int n = 0;
		while (n < max && !atEnd() && Character.digit(this.text.charAt(this.at), radix) >= 0) {
			value = value * radix + Character.digit(this.text.charAt(this.at++), radix);
			n++;
			if (value > Character.MAX_CODE_POINT) {
				throw new Unsupported();
			}
		}
		if (n == 0) {
			throw new Unsupported();
		}
		return value;
	}

	/**
	 * Syntax the DFA does not read: the regular expression is then matched without it.
	 */
	static final class Unsupported extends RuntimeException {

		Unsupported() {
			super(null, null, false, false);
		}

	}

}

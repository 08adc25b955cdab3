package dev.execd.output;

/**
 * Text read by the regex engine through a counter: every character read costs one step,
 * and a read past the budget throws.
 */
final class BudgetedText implements CharSequence {

	private final CharSequence text;

	private final long[] left;

	BudgetedText(CharSequence text, long budget) {
		this(text, new long[] { budget });
	}

	private BudgetedText(CharSequence text, long[] left) {
		this.text = text;
		this.left = left;
	}

	void budget(long steps) {
		this.left[0] = steps;
	}

	@Override
	public char charAt(int index) {
		if (--this.left[0] < 0) {
			throw new PatternScanner.StepBudgetExceededException();
		}
		return this.text.charAt(index);
	}

	@Override
	public int length() {
		return this.text.length();
	}

	@Override
	public CharSequence subSequence(int start, int end) {
		return new BudgetedText(this.text.subSequence(start, end), this.left);
	}

	@Override
	public String toString() {
		return this.text.toString();
	}

}

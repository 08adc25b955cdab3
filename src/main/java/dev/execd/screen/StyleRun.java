package dev.execd.screen;

/**
 * Cells of one row drawn in one style other than the default: where they start, how many
 * there are, their colours and their attributes.
 *
 * @param col the first cell, 0-based
 * @param length how many cells (a wide character takes two)
 * @param fg the foreground: {@link #DEFAULT}, one of the 16 ANSI colours (0-15), or
 * {@link #RGB} plus {@code 0xRRGGBB}: a direct colour, and palette entries 16-255 as the
 * colours xterm gives them, as JediTerm resolves them
 * @param bg the background, coded as {@code fg}
 * @param flags the attributes, a sum of {@link #BOLD}, {@link #ITALIC} and the rest
 */
public record StyleRun(int col, int length, int fg, int bg, int flags) {

	/** The terminal's own colour. */
	public static final int DEFAULT = -1;

	/**
	 * Added to {@code 0xRRGGBB} for a direct (24-bit) colour, above every palette index.
	 */
	public static final int RGB = 1 << 24;

	public static final int BOLD = 1;

	public static final int ITALIC = 2;

	public static final int UNDERLINE = 4;

	public static final int DIM = 8;

	public static final int INVERSE = 16;

	public static final int BLINK = 32;

	public static final int HIDDEN = 64;

	/** Whether the run looks like unstyled cells: default colours, no attributes. */
	boolean plain() {
		return this.fg == DEFAULT && this.bg == DEFAULT && this.flags == 0;
	}

	/** Whether {@code next} starts where this ends, in the same style. */
	boolean joins(StyleRun next) {
		return next.col == this.col + this.length && next.fg == this.fg && next.bg == this.bg
				&& next.flags == this.flags;
	}

}

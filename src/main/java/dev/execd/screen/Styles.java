package dev.execd.screen;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import org.jspecify.annotations.Nullable;

/**
 * A row's styles as {@link StyleRun}s, read off the runs JediTerm keeps per line anyway
 * (one entry per stretch of cells written in one style), so it costs a walk over a few
 * entries per row, not one look-up per cell.
 */
final class Styles {

	private Styles() {
	}

	/** The styled runs of a row, at most {@code cols} cells, plain cells left out. */
	static List<StyleRun> of(TerminalLine line, int cols) {
		List<StyleRun> runs = new ArrayList<>();
		int col = 0;
		for (TerminalLine.TextEntry entry : line.getEntries()) {
			if (col >= cols) {
				break;
			}
			int length = Math.min(entry.getLength(), cols - col);
			// JediTerm leaves some cells without a style (a resize among scroll regions
			// and wide characters): they show in the default one.
			TextStyle style = Objects.requireNonNullElse(entry.getStyle(), TextStyle.EMPTY);
			StyleRun run = new StyleRun(col, length, colour(style.getForeground()), colour(style.getBackground()),
					flags(style));
			col += length;
			if (length == 0 || run.plain()) {
				continue;
			}
			int last = runs.size() - 1;
			if (last >= 0 && runs.get(last).joins(run)) {
				StyleRun joined = runs.get(last);
				runs.set(last, new StyleRun(joined.col(), joined.length() + length, run.fg(), run.bg(), run.flags()));
			}
			else {
				runs.add(run);
			}
		}
		return runs;
	}

	private static int colour(@Nullable TerminalColor colour) {
		if (colour == null) {
			return StyleRun.DEFAULT;
		}
		if (colour.isIndexed()) {
			return colour.getColorIndex();
		}
		return StyleRun.RGB + (colour.toColor().getRGB() & 0xFFFFFF);
	}

	private static int flags(TextStyle style) {
		int flags = 0;
		flags |= style.hasOption(TextStyle.Option.BOLD) ? StyleRun.BOLD : 0;
		flags |= style.hasOption(TextStyle.Option.ITALIC) ? StyleRun.ITALIC : 0;
		flags |= style.hasOption(TextStyle.Option.UNDERLINED) ? StyleRun.UNDERLINE : 0;
		flags |= style.hasOption(TextStyle.Option.DIM) ? StyleRun.DIM : 0;
		flags |= style.hasOption(TextStyle.Option.INVERSE) ? StyleRun.INVERSE : 0;
		boolean blink = style.hasOption(TextStyle.Option.SLOW_BLINK) || style.hasOption(TextStyle.Option.RAPID_BLINK);
		flags |= blink ? StyleRun.BLINK : 0;
		flags |= style.hasOption(TextStyle.Option.HIDDEN) ? StyleRun.HIDDEN : 0;
		return flags;
	}

}

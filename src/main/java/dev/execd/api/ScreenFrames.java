package dev.execd.api;

import java.util.ArrayList;
import java.util.List;

import dev.execd.session.ScreenSnapshot;
import org.jspecify.annotations.Nullable;

/**
 * The frames of a screen stream: a whole screen first and after a resize, then only the
 * rows that changed. A pure function of the screen sent last and the screen now, so a
 * client that applies each diff to its copy holds the server's screen.
 */
public final class ScreenFrames {

	private ScreenFrames() {
	}

	/** A frame on the wire: {@link ScreenFrame} or {@link ScreenFrameDiff}. */
	public sealed interface Event permits ScreenFrame, ScreenFrameDiff {

		/** Its number in the stream: the SSE {@code id}. */
		long seq();

		/** The SSE event name. */
		String event();

	}

	/**
	 * The frame that takes a client from {@code previous} to {@code current}.
	 * @param previous the screen sent last, or null for none
	 * @param seq the frame's number
	 * @return a whole frame when there is no previous screen or the size changed, else
	 * the rows that differ (in text or styles) with the cursor, alt screen and title
	 */
	public static Event next(@Nullable ScreenSnapshot previous, ScreenSnapshot current, long seq) {
		if (previous == null || previous.cols() != current.cols() || previous.rows() != current.rows()) {
			return full(current, seq);
		}
		List<ScreenFrameDiff.ChangedRow> changed = new ArrayList<>();
		for (int row = 0; row < current.rows(); row++) {
			if (!previous.lines().get(row).equals(current.lines().get(row))
					|| !previous.styles().get(row).equals(current.styles().get(row))) {
				changed.add(new ScreenFrameDiff.ChangedRow(row, current.lines().get(row),
						styles(current.styles().get(row))));
			}
		}
		return new ScreenFrameDiff(seq, current.offset(), changed, cursor(current), current.altScreen(),
				current.title());
	}

	/** A whole frame of the screen. */
	public static ScreenFrame full(ScreenSnapshot screen, long seq) {
		return new ScreenFrame(seq, screen.offset(), screen.cols(), screen.rows(), screen.lines(),
				screen.styles().stream().map(ScreenFrames::styles).toList(), cursor(screen), screen.altScreen(),
				screen.title());
	}

	private static ScreenView.Cursor cursor(ScreenSnapshot screen) {
		return new ScreenView.Cursor(screen.cursorRow(), screen.cursorCol(), screen.cursorVisible());
	}

	/** A row's runs, each as {@code [col, length, fg, bg, flags]}. */
	private static List<int[]> styles(List<ScreenSnapshot.Run> runs) {
		return runs.stream()
			.map((run) -> new int[] { run.col(), run.length(), run.fg(), run.bg(), run.flags() })
			.toList();
	}

}

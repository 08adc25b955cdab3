package dev.execd.screen;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.TerminalSelection;
import org.jspecify.annotations.Nullable;

/**
 * The display JediTerm draws on, without a window: it keeps only what the grid reports
 * and the buffer does not hold, the title and whether the cursor is shown.
 */
final class HeadlessDisplay implements TerminalDisplay {

	private @Nullable String title;

	private boolean cursorVisible = true;

	@Nullable String title() {
		return this.title;
	}

	boolean cursorVisible() {
		return this.cursorVisible;
	}

	@Override
	public void setCursorVisible(boolean visible) {
		this.cursorVisible = visible;
	}

	@Override
	public String getWindowTitle() {
		return (this.title != null) ? this.title : "";
	}

	@Override
	public void setWindowTitle(String title) {
		this.title = title;
	}

	@Override
	public void setCursor(int x, int y) {
	}

	@Override
	public void setCursorShape(CursorShape shape) {
	}

	@Override
	public void beep() {
	}

	@Override
	public void scrollArea(int top, int bottom, int dy) {
	}

	@Override
	public void useAlternateScreenBuffer(boolean enabled) {
	}

	@Override
	public @Nullable TerminalSelection getSelection() {
		return null;
	}

	@Override
	public void terminalMouseModeSet(MouseMode mode) {
	}

	@Override
	public void setMouseFormat(MouseFormat format) {
	}

	@Override
	public boolean ambiguousCharsAreDoubleWidth() {
		return false;
	}

}

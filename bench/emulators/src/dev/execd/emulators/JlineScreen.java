package dev.execd.emulators;

import java.lang.reflect.Field;
import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.List;

import org.jline.utils.ScreenTerminal;

/** JLine's ScreenTerminal: decoded text in, cells out. */
final class JlineScreen implements Screen {

	private static final Field ALT;

	static {
		try {
			ALT = ScreenTerminal.class.getDeclaredField("vt100_mode_alt_screen");
			ALT.setAccessible(true);
		}
		catch (NoSuchFieldException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private final ScreenTerminal terminal;

	private final Utf8 utf8 = new Utf8();

	JlineScreen(int cols, int rows) {
		this.terminal = new ScreenTerminal(cols, rows);
	}

	@Override
	public String name() {
		return "JLine 4.5.0";
	}

	@Override
	public void feed(byte[] bytes, int offset, int length) {
		CharBuffer chars = this.utf8.decode(bytes, offset, length);
		this.terminal.write(chars);
	}

	@Override
	public void resize(int cols, int rows) {
		this.terminal.setSize(cols, rows);
	}

	@Override
	public List<String> lines() {
		int cols = this.terminal.getColumns();
		int rows = this.terminal.getRows();
		long[] cells = new long[cols * rows];
		this.terminal.dump(cells, new int[2]);
		List<String> lines = new ArrayList<>(rows);
		StringBuilder row = new StringBuilder();
		for (int y = 0; y < rows; y++) {
			row.setLength(0);
			for (int x = 0; x < cols; x++) {
				int cp = ScreenTerminal.cellCodePoint(cells[y * cols + x]);
				if (cp == 0) {
					// JLine marks the second cell of a wide character with code point 0.
					if (x > 0 && isWide(ScreenTerminal.cellCodePoint(cells[y * cols + x - 1]))) {
						continue;
					}
					cp = ' ';
				}
				row.appendCodePoint(cp);
			}
			lines.add(Screen.trimRight(row));
		}
		return lines;
	}

	private static boolean isWide(int cp) {
		return cp >= 0x1100 && Character.isIdeographic(cp) || cp >= 0x1F300 && cp <= 0x1FAFF || cp >= 0xAC00 && cp <= 0xD7A3
				|| cp >= 0x3000 && cp <= 0x30FF || cp >= 0xFF00 && cp <= 0xFF60;
	}

	@Override
	public int[] cursor() {
		int[] cursor = new int[2];
		this.terminal.dump(new long[this.terminal.getColumns() * this.terminal.getRows()], cursor);
		return cursor;
	}

	@Override
	public Boolean altScreen() {
		try {
			return ALT.getBoolean(this.terminal);
		}
		catch (IllegalAccessException ex) {
			return null;
		}
	}

	@Override
	public String title() {
		return null;
	}

}

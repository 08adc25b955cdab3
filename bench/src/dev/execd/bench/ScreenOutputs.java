package dev.execd.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The output the screen scenario feeds through a PTY, written to files that the session
 * {@code cat}s, so that its size is known and nothing but the server is timed. Every kind
 * numbers its units, so that the final screen can be checked for the last one.
 */
enum ScreenOutputs {

	/** {@code yes}-style plain lines of 49 bytes (as in the emulator evaluation). */
	PLAIN_LINES("plain_lines", "`yes`-style plain lines (49 B)"),

	/** Lines of 120 visible columns in 12 colored runs (about 200 bytes each). */
	COLORED_LINES("colored_lines", "120-column lines in 12 colors (~200 B)"),

	/** Full 120x30 frames, each row cursor-addressed and colored (about 4.6 KB each). */
	REDRAWS("redraws", "cursor-addressed 120x30 frames, `top`-like (~4.6 KB)");

	static final int COLS = 120;

	static final int ROWS = 30;

	final String key;

	final String label;

	ScreenOutputs(String key, String label) {
		this.key = key;
		this.label = label;
	}

	/**
	 * Writes units of this kind until at least {@code size} bytes, and returns the text
	 * the final screen must show (the last unit's number).
	 */
	String write(Path file, long size) throws IOException {
		long written = 0;
		int n = 0;
		String last = null;
		try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
			while (written < size) {
				byte[] unit = unit(n).getBytes(StandardCharsets.UTF_8);
				out.write(unit);
				written += unit.length;
				last = marker(n);
				n++;
			}
		}
		return last;
	}

	String unit(int n) {
		return switch (this) {
			case PLAIN_LINES -> marker(n) + " abcdefghijklmnopqrstuvwxyz0123456789.\n";
			case COLORED_LINES -> coloredLine(n);
			case REDRAWS -> frame(n);
		};
	}

	String marker(int n) {
		return switch (this) {
			case PLAIN_LINES -> String.format("line %05d", n % 100_000);
			case COLORED_LINES -> String.format("line %010d", n);
			case REDRAWS -> String.format("frame %08d row 00", n);
		};
	}

	private String coloredLine(int n) {
		StringBuilder line = new StringBuilder(220);
		String text = marker(n) + "-".repeat(COLS - marker(n).length());
		for (int run = 0; run < 12; run++) {
			line.append("\033[").append((run % 2 == 0) ? "1;" : "").append(31 + run % 7).append('m');
			line.append(text, run * 10, run * 10 + 10);
		}
		return line.append("\033[0m\n").toString();
	}

	/** One full frame: home, then every row addressed, colored and filled to 120 cells. */
	static String frame(int n) {
		StringBuilder frame = new StringBuilder(4800);
		frame.append("\033[H");
		for (int row = 0; row < ROWS; row++) {
			String text = String.format("frame %08d row %02d ", n, row);
			frame.append("\033[").append(row + 1).append(";1H\033[").append(31 + (row + n) % 7).append('m');
			frame.append(text).append("\033[7m").append(".".repeat(20)).append("\033[27m");
			frame.append("=".repeat(COLS - text.length() - 20)).append("\033[0m");
		}
		return frame.toString();
	}

}

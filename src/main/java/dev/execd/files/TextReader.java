package dev.execd.files;

import java.io.IOException;
import java.io.Reader;
import java.nio.channels.Channels;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

/**
 * A window of a file's lines as text, for agents: the file is read as a stream (never
 * whole into memory) to count its lines; invalid UTF-8 becomes U+FFFD. Lines end at
 * {@code \n}, which the text keeps. A window may start inside a line and is cut inside
 * one at {@link #MAX_CHARS}, so that following its {@link TextPage#next()} reads a line
 * of any length whole, a page at a time.
 */
public final class TextReader {

	/** The most characters (UTF-16 code units) one page returns. */
	public static final int MAX_CHARS = 1024 * 1024;

	private TextReader() {
	}

	/**
	 * Lines {@code [offset, offset + max)} of an open file, the first from its character
	 * {@code skip}: past the line's end, the page starts at its {@code \n}; between the
	 * halves of a surrogate pair, at the pair, so that no character is split.
	 * @param file the file, read from its start
	 */
	public static TextPage read(OpenFile file, long offset, long skip, int max) throws IOException {
		Reader reader = Channels.newReader(file.channel(),
				StandardCharsets.UTF_8.newDecoder()
					.onMalformedInput(CodingErrorAction.REPLACE)
					.onUnmappableCharacter(CodingErrorAction.REPLACE),
				64 * 1024);
		StringBuilder text = new StringBuilder();
		char[] buffer = new char[64 * 1024];
		long line = 0;
		long column = 0;
		@Nullable Position next = null;
		char last = '\n';
		// Saturated: an offset near Long.MAX_VALUE must not wrap the window's end.
		long end = (offset > Long.MAX_VALUE - max) ? Long.MAX_VALUE : offset + max;
		for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
			for (int i = 0; i < n; i++) {
				char c = buffer[i];
				boolean skipped = line == offset && column < skip && c != '\n';
				if (line >= offset && line < end && !skipped && next == null) {
					if (line == offset && column == skip && skip > 0 && Character.isLowSurrogate(c)
							&& Character.isHighSurrogate(last)) {
						text.append(last);
					}
					// The page stops before a surrogate pair it cannot hold whole, and
					// says
					// where it stopped: the rest of a cut line is the next page's start.
					if (text.length() < MAX_CHARS - 1
							|| (text.length() == MAX_CHARS - 1 && !Character.isHighSurrogate(c))) {
						text.append(c);
					}
					else {
						next = new Position(line, column);
					}
				}
				if (c == '\n') {
					line++;
					column = 0;
				}
				else {
					column++;
				}
				last = c;
			}
		}
		long total = (last == '\n') ? line : line + 1;
		if (next == null && total > end) {
			next = new Position(end, 0);
		}
		return new TextPage(text.toString(), total, next);
	}

	/**
	 * A place in a text file.
	 *
	 * @param line the line, from 0
	 * @param character the characters (UTF-16 code units) of the line before it
	 */
	public record Position(long line, long character) {

	}

	/**
	 * A window of lines.
	 *
	 * @param text the lines, each with its {@code \n}
	 * @param totalLines the lines in the whole file (a last line without {@code \n}
	 * counts)
	 * @param next where the next page starts when lines after the window exist or the
	 * window was cut at {@link #MAX_CHARS}, else null
	 */
	public record TextPage(String text, long totalLines, @Nullable Position next) {

	}

}

package dev.execd.files;

import java.io.IOException;
import java.io.Reader;
import java.nio.channels.Channels;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A window of a file's lines as text, for agents: the file is read as a stream (never
 * whole into memory) to count its lines; invalid UTF-8 becomes U+FFFD. Lines end at
 * {@code \n}, which the text keeps.
 */
public final class TextReader {

	/** The most characters one page returns. */
	public static final int MAX_CHARS = 1024 * 1024;

	private TextReader() {
	}

	/**
	 * Lines {@code [offset, offset + max)} of an open file.
	 * @param file the file, read from its start
	 */
	public static TextPage read(OpenFile file, long offset, int max) throws IOException {
		Reader reader = Channels.newReader(file.channel(),
				StandardCharsets.UTF_8.newDecoder()
					.onMalformedInput(CodingErrorAction.REPLACE)
					.onUnmappableCharacter(CodingErrorAction.REPLACE),
				64 * 1024);
		StringBuilder text = new StringBuilder();
		char[] buffer = new char[64 * 1024];
		long line = 0;
		boolean truncated = false;
		char last = '\n';
		// Saturated: an offset near Long.MAX_VALUE must not wrap the window's end.
		long end = (offset > Long.MAX_VALUE - max) ? Long.MAX_VALUE : offset + max;
		for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
			for (int i = 0; i < n; i++) {
				char c = buffer[i];
				if (line >= offset && line < end) {
					// The page stops before a surrogate pair it cannot hold whole.
					if (!truncated && (text.length() < MAX_CHARS - 1
							|| (text.length() == MAX_CHARS - 1 && !Character.isHighSurrogate(c)))) {
						text.append(c);
					}
					else {
						truncated = true;
					}
				}
				if (c == '\n') {
					line++;
				}
				last = c;
			}
		}
		long total = (last == '\n') ? line : line + 1;
		return new TextPage(text.toString(), total, truncated || total > end);
	}

	/**
	 * A window of lines.
	 *
	 * @param text the lines, each with its {@code \n}
	 * @param totalLines the lines in the whole file (a last line without {@code \n}
	 * counts)
	 * @param truncated whether lines after the window exist or the window was cut at
	 * {@link #MAX_CHARS}
	 */
	public record TextPage(String text, long totalLines, boolean truncated) {

	}

}

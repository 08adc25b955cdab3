package dev.execd.emulators;

import java.io.IOException;
import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.List;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.TerminalDataStream;
import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalSelection;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.CharUtils;
import com.techsenger.jeditermfx.core.util.TermSize;

/**
 * JediTerm (jeditermfx-core) without a display. Input goes through a stream that rolls
 * back to the start of an unfinished sequence when it runs dry, so a sequence split
 * across feeds is parsed whole on the next feed.
 */
final class JediScreen implements Screen {

	private final Stream stream = new Stream();

	private final Display display = new Display();

	private final TerminalTextBuffer buffer;

	private final JediTerminal terminal;

	private final JediEmulator emulator;

	private final Utf8 utf8 = new Utf8();

	JediScreen(int cols, int rows, int scrollback) {
		StyleState style = new StyleState();
		this.buffer = new TerminalTextBuffer(cols, rows, style, scrollback, null);
		this.terminal = new JediTerminal(this.display, this.buffer, style);
		this.emulator = new JediEmulator(this.stream, this.terminal);
	}

	@Override
	public String name() {
		return "JediTerm (jeditermfx-core 1.0.0)";
	}

	@Override
	public void feed(byte[] bytes, int offset, int length) {
		this.stream.append(this.utf8.decode(bytes, offset, length));
		while (true) {
			this.stream.mark();
			try {
				char c = this.stream.getChar();
				this.emulator.processChar(c, this.terminal);
			}
			catch (TerminalDataStream.EOF ex) {
				this.stream.reset();
				return;
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		}
	}

	@Override
	public void resize(int cols, int rows) {
		this.terminal.resize(new TermSize(cols, rows), RequestOrigin.User);
	}

	@Override
	public List<String> lines() {
		List<String> lines = new ArrayList<>();
		this.buffer.lock();
		try {
			for (int y = 0; y < this.buffer.getHeight(); y++) {
				String text = this.buffer.getLine(y).getText();
				StringBuilder row = new StringBuilder(text.length());
				for (int i = 0; i < text.length(); i++) {
					char c = text.charAt(i);
					if (c == CharUtils.DWC) {
						continue;
					}
					row.append(c == 0 ? ' ' : c);
				}
				lines.add(Screen.trimRight(row));
			}
		}
		finally {
			this.buffer.unlock();
		}
		return lines;
	}

	@Override
	public int[] cursor() {
		return new int[] { this.terminal.getCursorX() - 1, this.terminal.getCursorY() - 1 };
	}

	@Override
	public Boolean altScreen() {
		return this.buffer.isUsingAlternateBuffer();
	}

	@Override
	public String title() {
		return this.display.title;
	}

	/** Chars appended by feeds; EOF when empty. */
	static final class Stream implements TerminalDataStream {

		private char[] chars = new char[8192];

		private int start;

		private int end;

		private int mark;

		void append(CharBuffer more) {
			int n = more.remaining();
			if (this.end + n > this.chars.length) {
				int live = this.end - this.mark;
				char[] target = live + n > this.chars.length ? new char[Math.max(2 * this.chars.length, live + n)]
						: this.chars;
				System.arraycopy(this.chars, this.mark, target, 0, live);
				this.start -= this.mark;
				this.end = live;
				this.mark = 0;
				this.chars = target;
			}
			more.get(this.chars, this.end, n);
			this.end += n;
		}

		void mark() {
			this.mark = this.start;
		}

		void reset() {
			this.start = this.mark;
		}

		@Override
		public char getChar() throws IOException {
			if (this.start == this.end) {
				throw new EOF();
			}
			return this.chars[this.start++];
		}

		@Override
		public void pushChar(char c) throws IOException {
			if (this.start == 0) {
				throw new EOF();
			}
			this.chars[--this.start] = c;
		}

		@Override
		public String readNonControlCharacters(int max) throws IOException {
			String text = CharUtils.getNonControlCharacters(max, this.chars, this.start, this.end - this.start);
			this.start += text.length();
			return text;
		}

		@Override
		public void pushBackBuffer(char[] bytes, int length) throws IOException {
			for (int i = length - 1; i >= 0; i--) {
				pushChar(bytes[i]);
			}
		}

		@Override
		public boolean isEmpty() {
			return this.start == this.end;
		}

	}

	/** The display JediTerm draws on: only the title is kept. */
	static final class Display implements TerminalDisplay {

		String title;

		boolean cursorVisible = true;

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
		public void setCursorVisible(boolean visible) {
			this.cursorVisible = visible;
		}

		@Override
		public void useAlternateScreenBuffer(boolean use) {
		}

		@Override
		public String getWindowTitle() {
			return this.title;
		}

		@Override
		public void setWindowTitle(String title) {
			this.title = title;
		}

		@Override
		public TerminalSelection getSelection() {
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

}

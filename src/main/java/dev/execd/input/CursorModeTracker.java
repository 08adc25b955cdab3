package dev.execd.input;

/**
 * Follows a terminal program's cursor key mode: after {@code ESC [ ? 1 h} arrow keys must
 * be sent as {@code ESC O A} (application mode), after {@code ESC [ ? 1 l} as
 * {@code ESC [ A}. The sequence may be split across reads, so the match state carries
 * over. Only the output reader thread calls {@link #feed}.
 */
public final class CursorModeTracker {

	private static final byte[] PREFIX = { 0x1b, '[', '?', '1' };

	private int matched;

	private volatile boolean application;

	public void feed(byte[] buffer, int length) {
		int m = this.matched;
		for (int i = 0; i < length; i++) {
			byte b = buffer[i];
			if (m == PREFIX.length && (b == 'h' || b == 'l')) {
				this.application = (b == 'h');
				m = 0;
			}
			else if (b == PREFIX[0]) {
				m = 1;
			}
			else {
				m = (m > 0 && m < PREFIX.length && b == PREFIX[m]) ? m + 1 : 0;
			}
		}
		this.matched = m;
	}

	/** Whether arrow keys must be sent in the application form. */
	public boolean application() {
		return this.application;
	}

}

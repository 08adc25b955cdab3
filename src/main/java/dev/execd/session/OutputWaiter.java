package dev.execd.session;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import dev.execd.output.Excerpt;
import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.output.PatternScanner;
import dev.execd.output.Utf8;
import org.jspecify.annotations.Nullable;

/**
 * Waits on a session's output without polling: it sleeps on the log's change version,
 * which every append, stream end and exit bumps, and wakes within milliseconds.
 */
final class OutputWaiter {

	/**
	 * The most new text one wake-up scans for a pattern; older text was scanned before.
	 */
	private static final int MAX_SCAN = 1024 * 1024;

	private final OutputLog log;

	private final BooleanSupplier ended;

	private final Consumer<String> warn;

	OutputWaiter(OutputLog log, BooleanSupplier ended, Consumer<String> warn) {
		this.log = log;
		this.ended = ended;
		this.warn = warn;
	}

	/**
	 * Waits from {@code start} until the process ended and its output was drained, the
	 * pattern matched, (with {@code anyByte} and no pattern) a byte arrived, or the
	 * deadline.
	 * @return whether the pattern matched, null without a pattern
	 */
	@Nullable Boolean await(long start, long deadlineNanos, @Nullable Pattern pattern, boolean stripAnsi, boolean anyByte)
			throws InterruptedException {
		PatternScanner scanner = (pattern != null) ? new PatternScanner(pattern, stripAnsi) : null;
		long scanned = start;
		while (true) {
			long version = this.log.version();
			boolean done = this.ended.getAsBoolean();
			long total = this.log.total();
			if (scanner != null && total > scanned) {
				long to = textEnd(total, done);
				try {
					if (scan(scanner, scanned, to)) {
						return true;
					}
				}
				catch (PatternScanner.StepBudgetExceededException ex) {
					this.warn.accept(ex.getMessage() + "; the wait ended unmatched");
					return false;
				}
				scanned = Math.max(scanned, to);
			}
			else if (scanner == null && anyByte && total > start) {
				return null;
			}
			if (done || System.nanoTime() - deadlineNanos >= 0) {
				return (scanner != null) ? false : null;
			}
			this.log.awaitChange(version, deadlineNanos);
		}
	}

	private boolean scan(PatternScanner scanner, long from, long to) {
		if (to <= from) {
			return false;
		}
		try {
			long begin = Math.max(from, to - MAX_SCAN);
			byte[] bytes = Excerpt.readFully(this.log, begin, to);
			int skip = (begin > from) ? Utf8.leadingContinuations(bytes, bytes.length) : 0;
			return scanner.feed(Utf8.decode(bytes, skip, bytes.length - skip));
		}
		catch (OutputException.OutputUnavailable ex) {
			// Too old to read: those bytes can no longer be returned, so no match there.
			return false;
		}
	}

	/**
	 * Where text may end: before a character whose last bytes have not arrived, unless
	 * the process has ended and nothing more will complete it.
	 */
	long textEnd(long total, boolean done) {
		if (done || total == 0) {
			return total;
		}
		int k = (int) Math.min(3, total);
		try {
			byte[] last = this.log.read(total - k, k);
			return total - Utf8.incompleteTail(last, last.length);
		}
		catch (OutputException ex) {
			return total;
		}
	}

}

package dev.execd.session;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import dev.execd.output.Excerpt;
import dev.execd.output.LogScan;
import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.output.PatternScanner;
import dev.execd.output.Utf8;
import org.jspecify.annotations.Nullable;

/**
 * Waits on a session's output without polling: it sleeps on the log's change version,
 * which every append, stream end and exit bumps, and wakes within milliseconds. The
 * settle and input conditions add timed wake-ups while the output is quiet.
 */
final class OutputWaiter {

	/**
	 * How soon a quiet wait asks again whether the process waits for input; each answer
	 * "no" doubles it up to {@link #MAX_INPUT_CHECK_NANOS}, as a check scans
	 * {@code /proc}. New output starts over.
	 */
	static final long INPUT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	static final long MAX_INPUT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

	private final OutputLog log;

	private final BooleanSupplier ended;

	private final Consumer<String> warn;

	private final @Nullable Supplier<String> screen;

	private final @Nullable BooleanSupplier inputWait;

	/**
	 * @param screen the rendered screen, caught up with the log; null without a terminal
	 * @param inputWait whether the foreground process is blocked reading its input; null
	 * when that cannot be told
	 */
	OutputWaiter(OutputLog log, BooleanSupplier ended, Consumer<String> warn, @Nullable Supplier<String> screen,
			@Nullable BooleanSupplier inputWait) {
		this.log = log;
		this.ended = ended;
		this.warn = warn;
		this.screen = screen;
		this.inputWait = inputWait;
	}

	/**
	 * How a wait ended.
	 *
	 * @param endedBy why it ended
	 * @param matched whether a pattern matched, null without one
	 */
	record Result(EndedBy endedBy, @Nullable Boolean matched) {

	}

	/**
	 * Waits from {@code start} until the first of: the process ended and its output was
	 * drained, a pattern matched, output came and settled, the process waits for input
	 * after a quiet spell, (with {@code anyByte} and no other condition) a byte arrived,
	 * or the deadline.
	 */
	Result await(long start, long deadlineNanos, WaitSpec spec, boolean anyByte) throws InterruptedException {
		long began = System.nanoTime();
		Pattern pattern = spec.waitFor();
		PatternScanner scanner = (pattern != null) ? new PatternScanner(pattern, spec.stripAnsi()) : null;
		Pattern screenPattern = (this.screen != null) ? spec.waitForScreen() : null;
		Boolean unmatched = spec.hasPattern() ? false : null;
		boolean firstByte = anyByte && !spec.hasPattern() && spec.settleNanos() == 0;
		long scanned = start;
		// A positive input check, confirmed by a second one with no output between: the
		// last bytes written before the read may still be on their way into the log.
		boolean inputSeen = false;
		long checkVersion = -1;
		long checkEvery = INPUT_CHECK_NANOS;
		long screenSeen = 0;
		boolean screenChecked = false;
		while (true) {
			long version = this.log.version();
			boolean done = this.ended.getAsBoolean();
			long total = this.log.total();
			try {
				if (scanner != null && total > scanned) {
					long to = textEnd(total, done);
					if (scan(scanner, scanned, to)) {
						return new Result(EndedBy.MATCH, true);
					}
					scanned = Math.max(scanned, to);
				}
				if (screenPattern != null && (!screenChecked || version != screenSeen)) {
					screenChecked = true;
					screenSeen = version;
					if (PatternScanner.matches(screenPattern, this.screen.get(), "wait_for_screen")) {
						return new Result(EndedBy.MATCH, true);
					}
				}
			}
			catch (PatternScanner.StepBudgetExceededException ex) {
				this.warn.accept(ex.getMessage() + "; the wait ended unmatched");
				return new Result(EndedBy.MATCH, false);
			}
			if (firstByte && total > start) {
				return new Result(EndedBy.OUTPUT, null);
			}
			if (done) {
				return new Result(EndedBy.EXIT, unmatched);
			}
			long now = System.nanoTime();
			if (now - deadlineNanos >= 0) {
				return new Result(EndedBy.DEADLINE, unmatched);
			}
			long wake = deadlineNanos;
			long lastByte = this.log.lastAppendNanos();
			if (spec.settleNanos() > 0 && total > start) {
				long settledAt = lastByte + spec.settleNanos();
				if (now - settledAt >= 0) {
					return new Result(EndedBy.SETTLED, unmatched);
				}
				wake = earlier(wake, settledAt);
			}
			if (spec.inputQuietNanos() > 0 && this.inputWait != null) {
				if (version != checkVersion) {
					checkVersion = version;
					checkEvery = INPUT_CHECK_NANOS;
					inputSeen = false;
				}
				// Quiet since the last byte, or since the wait began: input written just
				// before may not have been read yet.
				long quietAt = ((lastByte - began > 0) ? lastByte : began) + spec.inputQuietNanos();
				if (now - quietAt < 0) {
					wake = earlier(wake, quietAt);
				}
				else if (this.inputWait.getAsBoolean() && this.log.version() == version) {
					if (inputSeen) {
						return new Result(EndedBy.INPUT, unmatched);
					}
					inputSeen = true;
					wake = earlier(wake, now + INPUT_CHECK_NANOS);
				}
				else {
					inputSeen = false;
					wake = earlier(wake, now + checkEvery);
					checkEvery = Math.min(2 * checkEvery, MAX_INPUT_CHECK_NANOS);
				}
			}
			this.log.awaitChange(version, wake);
		}
	}

	private static long earlier(long a, long b) {
		return (b - a < 0) ? b : a;
	}

	private boolean scan(PatternScanner scanner, long from, long to) {
		if (to <= from) {
			return false;
		}
		LogScan.Span lost = this.log.gap(from, to);
		if (lost != null) {
			// Past the log cap: what is kept before the bytes no longer kept, then what
			// is kept after them, which no match may join to the text before.
			if (lost.from() > from && scan(scanner, from, lost.from())) {
				return true;
			}
			scanner.restart("");
			return scan(scanner, lost.to(), to);
		}
		try {
			// More new text than a match may start in: only its newest part is scanned,
			// after a little of what comes before it as context.
			boolean gap = to - from > PatternScanner.WINDOW;
			long begin = gap ? Math.max(from, to - PatternScanner.WINDOW - PatternScanner.CONTEXT) : from;
			byte[] bytes = Excerpt.readFully(this.log, begin, to);
			int skip = (begin > from) ? Utf8.leadingContinuations(bytes, bytes.length) : 0;
			if (gap) {
				int split = (int) (to - PatternScanner.WINDOW - begin);
				split -= Utf8.incompleteTail(bytes, split);
				split = Math.max(split, skip);
				scanner.restart(Utf8.decode(bytes, skip, split - skip));
				skip = split;
			}
			return scanner.feed(Utf8.decode(bytes, skip, bytes.length - skip));
		}
		catch (OutputException.OutputUnavailable | OutputException.ResourcesExhausted ex) {
			// Too old to read: those bytes can no longer be returned, so no match there.
			// Out of descriptors, the wait goes on with the output still to come.
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

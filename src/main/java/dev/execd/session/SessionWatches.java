package dev.execd.session;

import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.execd.output.PatternScanner;
import dev.execd.output.TextLine;
import dev.execd.output.TextLines;

/**
 * A session's watches and the matching of its output against them. The output readers
 * call in after each append with the chunk and its log offset: matching is incremental
 * (each complete line once, never a rescan of the log), on the reader thread, and bounded
 * per chunk by the step budget of every watch. A watch whose pattern runs out of budget
 * is removed with a warning, so it cannot slow the reader again.
 * <p>
 * Each match publishes {@code session_matched}; beyond
 * {@link ActiveWatch#MATCHES_PER_SECOND} in a watch's second the matches are only
 * counted, and one {@code session_matches_dropped} reports the count when the second
 * ends: nothing is queued. One lock guards the watches and the line state; readers of a
 * session's two streams share it.
 */
public final class SessionWatches {

	private final SessionContext context;

	private final Supplier<SessionSnapshot> snapshot;

	private final Consumer<String> warn;

	private final LinkedHashMap<String, ActiveWatch> watches = new LinkedHashMap<>();

	private final TextLines.Sink sink = this::match;

	private volatile boolean closed;

	private TextLines[] streams = new TextLines[0];

	SessionWatches(List<WatchSpec> initial, SessionContext context, Supplier<SessionSnapshot> snapshot,
			Consumer<String> warn) {
		this.context = context;
		this.snapshot = snapshot;
		this.warn = warn;
		initial.forEach((spec) -> this.watches.put(spec.name(), new ActiveWatch(spec)));
	}

	/** The watches, oldest first. */
	public synchronized List<WatchSpec> list() {
		return this.watches.values().stream().map((watch) -> watch.spec).toList();
	}

	/**
	 * The watch with this name.
	 * @throws SessionException.WatchNotFound when there is none
	 */
	public synchronized WatchSpec get(String name) {
		ActiveWatch watch = this.watches.get(name);
		if (watch == null) {
			throw new SessionException.WatchNotFound(name);
		}
		return watch.spec;
	}

	/**
	 * Adds a watch; it sees every line that ends from now on.
	 * @throws SessionException.Exited when the session has ended
	 * @throws SessionException.WatchExists when the name is taken
	 * @throws SessionException.TooManyWatches when the session has its most
	 */
	public synchronized WatchSpec add(WatchSpec spec) {
		requireRunning();
		if (this.watches.containsKey(spec.name())) {
			throw new SessionException.WatchExists(spec.name());
		}
		if (this.watches.size() >= WatchSpec.MAX_PER_SESSION) {
			throw new SessionException.TooManyWatches();
		}
		this.watches.put(spec.name(), new ActiveWatch(spec));
		return spec;
	}

	/**
	 * Replaces every watch (a checked set, see {@link WatchSpec#checked}).
	 * @throws SessionException.Exited when the session has ended
	 */
	public synchronized List<WatchSpec> replace(List<WatchSpec> specs) {
		requireRunning();
		this.watches.values().forEach(this::report);
		this.watches.clear();
		WatchSpec.checked(specs).forEach((spec) -> this.watches.put(spec.name(), new ActiveWatch(spec)));
		return list();
	}

	/**
	 * Removes a watch; the matches it dropped in its last second are reported.
	 * @throws SessionException.WatchNotFound when there is none
	 */
	public synchronized void remove(String name) {
		ActiveWatch watch = this.watches.remove(name);
		if (watch == null) {
			throw new SessionException.WatchNotFound(name);
		}
		report(watch);
	}

	private void requireRunning() {
		SessionSnapshot now = this.snapshot.get();
		if (!now.running()) {
			throw new SessionException.Exited(now);
		}
	}

	/** Matches the lines a chunk of stream {@code stream} completes. */
	synchronized void feed(int stream, byte[] b, int len, long offset) {
		TextLines lines = lines(stream);
		if (this.watches.isEmpty()) {
			lines.skip(b, len, offset);
			return;
		}
		budget(len + lines.pending());
		try {
			lines.feed(b, len, offset, this.sink);
		}
		catch (RuntimeException ex) {
			// Never the reader's end: the output must keep flowing into the log.
			this.watches.clear();
			this.warn.accept("watches were removed after an internal error: " + ex);
		}
	}

	/** Matches the unfinished last line of a stream that ended. */
	synchronized void ended(int stream) {
		TextLines lines = lines(stream);
		if (!this.watches.isEmpty()) {
			budget(lines.pending());
			lines.end(this.sink);
		}
	}

	private TextLines lines(int stream) {
		if (stream >= this.streams.length) {
			this.streams = Arrays.copyOf(this.streams, stream + 1);
		}
		if (this.streams[stream] == null) {
			this.streams[stream] = new TextLines();
		}
		return this.streams[stream];
	}

	private void budget(long bytes) {
		this.watches.values().forEach((watch) -> watch.matcher.budget(bytes));
	}

	private void match(TextLine line) {
		Iterator<ActiveWatch> each = this.watches.values().iterator();
		while (each.hasNext()) {
			ActiveWatch watch = each.next();
			int start;
			try {
				start = watch.matcher.find(line);
			}
			catch (PatternScanner.StepBudgetExceededException ex) {
				each.remove();
				report(watch);
				this.warn.accept("watch '" + watch.spec.name() + "' was removed: " + ex.getMessage());
				continue;
			}
			if (start >= 0) {
				matched(watch, line, start);
				if (watch.spec.once()) {
					each.remove();
				}
			}
		}
	}

	private void matched(ActiveWatch watch, TextLine line, int start) {
		long now = System.nanoTime();
		if (watch.secondOver(now)) {
			report(watch);
			watch.newSecond(now, this.context.clock().instant().truncatedTo(ChronoUnit.MILLIS));
		}
		if (watch.admit()) {
			publish("session_matched", new WatchMatch(watch.spec.name(), line.offsetOf(start), line.excerpt(start),
					watch.matcher.groups()));
		}
		else if (!watch.reportPending) {
			watch.reportPending = true;
			reportLater(watch, watch.nanosLeft(now));
		}
	}

	private void reportLater(ActiveWatch watch, long delayNanos) {
		this.context.timers().schedule(() -> secondOver(watch), delayNanos, TimeUnit.NANOSECONDS);
	}

	private synchronized void secondOver(ActiveWatch watch) {
		long left = watch.nanosLeft(System.nanoTime());
		if (left > 0) {
			reportLater(watch, left);
			return;
		}
		watch.reportPending = false;
		report(watch);
	}

	/** Publishes the matches a watch dropped in its current second, if any. */
	private void report(ActiveWatch watch) {
		MatchesDropped dropped = watch.takeDropped();
		if (dropped != null) {
			publish("session_matches_dropped", dropped);
		}
	}

	/**
	 * The session was removed: a report still scheduled publishes nothing, so no event
	 * follows its {@code session_removed}.
	 */
	void close() {
		this.closed = true;
	}

	private void publish(String type, EventDetail detail) {
		if (this.closed) {
			return;
		}
		SessionSnapshot now = this.snapshot.get();
		this.context.journals().publish(now.scope(), type, now, detail);
	}

}

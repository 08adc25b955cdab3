package dev.execd.session;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.execd.output.LineMatcher;
import dev.execd.output.PatternScanner;
import dev.execd.output.TextLines;
import org.jspecify.annotations.Nullable;

/**
 * A session's watches and the matching of its output against them. The output readers
 * call in after each append with the chunk and its log offset: matching is incremental
 * (each complete line once, never a rescan of the log), on the reader thread, and bounded
 * per chunk by the step budget of every watch. A watch whose pattern runs out of budget
 * is removed with a warning, so it cannot slow the reader again.
 * <p>
 * Each match publishes {@code session_matched}; beyond {@link #MATCHES_PER_SECOND} in a
 * watch's second the matches are only counted, and one {@code session_matches_dropped}
 * reports the count when the second ends: nothing is queued. One lock guards the watches
 * and the line state; readers of a session's two streams share it.
 */
public final class SessionWatches {

	/** Matches one watch publishes per second at most. */
	public static final int MATCHES_PER_SECOND = 10;

	private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final SessionContext context;

	private final Supplier<SessionSnapshot> snapshot;

	private final Consumer<String> warn;

	private final LinkedHashMap<String, Watch> watches = new LinkedHashMap<>();

	private final TextLines.Sink sink = this::match;

	private TextLines[] streams = new TextLines[0];

	SessionWatches(List<WatchSpec> initial, SessionContext context, Supplier<SessionSnapshot> snapshot,
			Consumer<String> warn) {
		this.context = context;
		this.snapshot = snapshot;
		this.warn = warn;
		initial.forEach((spec) -> this.watches.put(spec.name(), new Watch(spec)));
	}

	/**
	 * Refuses a set of watches that is not one: more than
	 * {@link WatchSpec#MAX_PER_SESSION} or a name twice.
	 * @throws SessionException.InvalidRequest then
	 */
	public static List<WatchSpec> checked(List<WatchSpec> watches) {
		if (watches.size() > WatchSpec.MAX_PER_SESSION) {
			throw new SessionException.InvalidRequest(
					"a session has at most " + WatchSpec.MAX_PER_SESSION + " watches; " + watches.size() + " given");
		}
		Set<String> names = new HashSet<>();
		for (WatchSpec watch : watches) {
			if (!names.add(watch.name())) {
				throw new SessionException.InvalidRequest("watch name '" + watch.name() + "' is given twice");
			}
		}
		return List.copyOf(watches);
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
		Watch watch = this.watches.get(name);
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
		this.watches.put(spec.name(), new Watch(spec));
		return spec;
	}

	/**
	 * Replaces every watch (a checked set, see {@link #checked}).
	 * @throws SessionException.Exited when the session has ended
	 */
	public synchronized List<WatchSpec> replace(List<WatchSpec> specs) {
		requireRunning();
		this.watches.values().forEach(this::report);
		this.watches.clear();
		checked(specs).forEach((spec) -> this.watches.put(spec.name(), new Watch(spec)));
		return list();
	}

	/**
	 * Removes a watch; the matches it dropped in its last second are reported.
	 * @throws SessionException.WatchNotFound when there is none
	 */
	public synchronized void remove(String name) {
		Watch watch = this.watches.remove(name);
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

	private void match(TextLines line) {
		Iterator<Watch> each = this.watches.values().iterator();
		while (each.hasNext()) {
			Watch watch = each.next();
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

	private void matched(Watch watch, TextLines line, int start) {
		long now = System.nanoTime();
		if (watch.windowAt == null || now - watch.windowStart >= WINDOW_NANOS) {
			report(watch);
			watch.windowStart = now;
			watch.windowAt = this.context.clock().instant().truncatedTo(ChronoUnit.MILLIS);
			watch.published = 0;
		}
		if (watch.published < MATCHES_PER_SECOND) {
			watch.published++;
			publish("session_matched", new WatchMatch(watch.spec.name(), line.offsetOf(start), line.excerpt(start),
					watch.matcher.groups()));
			return;
		}
		watch.dropped++;
		if (!watch.reportPending) {
			watch.reportPending = true;
			reportLater(watch, WINDOW_NANOS - (now - watch.windowStart));
		}
	}

	private void reportLater(Watch watch, long delayNanos) {
		this.context.timers().schedule(() -> windowEnded(watch), delayNanos, TimeUnit.NANOSECONDS);
	}

	private synchronized void windowEnded(Watch watch) {
		long left = WINDOW_NANOS - (System.nanoTime() - watch.windowStart);
		if (left > 0) {
			reportLater(watch, left);
			return;
		}
		watch.reportPending = false;
		report(watch);
	}

	/** Publishes the matches a watch dropped in its current second, if any. */
	private void report(Watch watch) {
		if (watch.dropped > 0 && watch.windowAt != null) {
			publish("session_matches_dropped", new MatchesDropped(watch.spec.name(), watch.dropped, watch.windowAt));
			watch.dropped = 0;
		}
	}

	private void publish(String type, EventDetail detail) {
		SessionSnapshot now = this.snapshot.get();
		this.context.journals().publish(now.scope(), type, now, detail);
	}

	/** A watch with its matcher and its current second. */
	private static final class Watch {

		final WatchSpec spec;

		final LineMatcher matcher;

		long windowStart;

		@Nullable Instant windowAt;

		int published;

		long dropped;

		boolean reportPending;

		Watch(WatchSpec spec) {
			this.spec = spec;
			this.matcher = new LineMatcher(spec.pattern());
		}

	}

}

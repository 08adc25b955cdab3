package dev.execd.session;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

import dev.execd.output.WatchMatcher;
import org.jspecify.annotations.Nullable;

/**
 * A watch of a session with its matcher and its current second of matches: at most
 * {@link #MATCHES_PER_SECOND} are published, the rest only counted. Guarded by its
 * {@link SessionWatches}.
 */
final class ActiveWatch {

	/** Matches one watch publishes per second at most. */
	static final int MATCHES_PER_SECOND = 10;

	private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(1);

	final WatchSpec spec;

	final WatchMatcher matcher;

	/** Whether a timer will report this second's dropped matches. */
	boolean reportPending;

	private long windowStart;

	private @Nullable Instant windowAt;

	private int published;

	private long dropped;

	ActiveWatch(WatchSpec spec) {
		this.spec = spec;
		this.matcher = new WatchMatcher(spec.pattern());
	}

	/**
	 * Whether a match at {@code now} begins a new second; report the last one's first.
	 */
	boolean secondOver(long now) {
		return this.windowAt == null || nanosLeft(now) <= 0;
	}

	void newSecond(long now, Instant at) {
		this.windowStart = now;
		this.windowAt = at;
		this.published = 0;
	}

	/** Counts a match of the current second: true to publish it, false when dropped. */
	boolean admit() {
		if (this.published < MATCHES_PER_SECOND) {
			this.published++;
			return true;
		}
		this.dropped++;
		return false;
	}

	long nanosLeft(long now) {
		return WINDOW_NANOS - (now - this.windowStart);
	}

	/** The matches dropped in the current second, now reported; null when none. */
	@Nullable MatchesDropped takeDropped() {
		if (this.dropped == 0 || this.windowAt == null) {
			return null;
		}
		MatchesDropped report = new MatchesDropped(this.spec.name(), this.dropped, this.windowAt);
		this.dropped = 0;
		return report;
	}

}

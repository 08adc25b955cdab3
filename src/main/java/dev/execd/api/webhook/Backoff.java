package dev.execd.api.webhook;

import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;

import dev.execd.config.ExecdProperties;

/**
 * When a failed attempt is tried again: the delay doubles from the initial one up to the
 * maximum, each drawn between half and all of it (jitter, so receivers that come back are
 * not hit by every sender at once), until the maximum elapsed time after the first
 * attempt.
 */
final class Backoff {

	private final long initialNanos;

	private final long maxNanos;

	private final long maxElapsedNanos;

	Backoff(ExecdProperties.Retry retry) {
		this.initialNanos = retry.initialDelay().toNanos();
		this.maxNanos = retry.maxDelay().toNanos();
		this.maxElapsedNanos = retry.maxElapsed().toNanos();
	}

	/**
	 * The nano time of the next attempt after {@code attempts} failed ones; empty when
	 * the delivery has had its time.
	 */
	OptionalLong next(int attempts, long createdNanos, long now) {
		long delay = this.initialNanos;
		for (int i = 1; i < attempts && delay < this.maxNanos; i++) {
			delay *= 2;
		}
		delay = Math.min(delay, this.maxNanos);
		long jittered = delay / 2 + ThreadLocalRandom.current().nextLong(delay / 2 + 1);
		long at = now + jittered;
		return (at - createdNanos > this.maxElapsedNanos) ? OptionalLong.empty() : OptionalLong.of(at);
	}

}

package dev.execd.api.webhook;

import java.time.Clock;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * One subscription's deliveries on their way: its queue and at most one runner at a time
 * on the shared threads, so a slow or dead receiver holds one thread at most and its
 * first attempts go in publication order. A runner sends what is due, gives its thread
 * back after {@value #BATCH} sends, and when only retries wait, sleeps until the
 * earliest. {@link #offer} only queues and hands a runner to the executor: it never
 * blocks the publisher.
 */
final class Lane {

	static final int BATCH = 16;

	private final DeliveryQueue queue;

	private final ScheduledExecutorService executor;

	private final Function<Delivery, Sender.Attempt> sender;

	private final Backoff backoff;

	private final WebhookMetrics metrics;

	private final Clock clock;

	private boolean running;

	private @Nullable ScheduledFuture<?> wake;

	Lane(int capacity, ScheduledExecutorService executor, Function<Delivery, Sender.Attempt> sender, Backoff backoff,
			WebhookMetrics metrics, Clock clock) {
		this.queue = new DeliveryQueue(capacity);
		this.executor = executor;
		this.sender = sender;
		this.backoff = backoff;
		this.metrics = metrics;
		this.clock = clock;
	}

	void offer(Delivery delivery) {
		Delivery dropped;
		synchronized (this) {
			dropped = this.queue.offer(delivery);
			startNow();
		}
		dropped(dropped);
	}

	synchronized int waiting() {
		return this.queue.size();
	}

	/** Whether nothing waits and nothing is being sent. */
	synchronized boolean idle() {
		return !this.running && this.queue.size() == 0;
	}

	private void dropped(@Nullable Delivery dropped) {
		if (dropped != null && dropped.drop()) {
			this.metrics.dropped();
		}
	}

	/** Holding the lock: a runner now, unless one runs. */
	private void startNow() {
		if (this.running) {
			return;
		}
		if (this.wake != null) {
			this.wake.cancel(false);
			this.wake = null;
		}
		try {
			this.executor.execute(this::run);
			this.running = true;
		}
		catch (RejectedExecutionException ex) {
			// execd is stopping: what waits is not sent.
		}
	}

	private void wakeUp() {
		synchronized (this) {
			if (this.running) {
				return;
			}
			this.wake = null;
			this.running = true;
		}
		run();
	}

	private void run() {
		for (int sent = 0;; sent++) {
			Delivery next;
			synchronized (this) {
				long now = System.nanoTime();
				next = (sent < BATCH) ? this.queue.takeDue(now) : null;
				if (next == null) {
					this.running = false;
					if (sent >= BATCH) {
						startNow();
					}
					else {
						sleepUntilEarliest(now);
					}
					return;
				}
			}
			Delivery retry = attempt(next) ? next : null;
			if (retry != null) {
				Delivery dropped;
				synchronized (this) {
					dropped = this.queue.requeue(retry);
				}
				dropped(dropped);
			}
		}
	}

	private void sleepUntilEarliest(long now) {
		OptionalLong earliest = this.queue.earliest();
		if (earliest.isPresent()) {
			try {
				this.wake = this.executor.schedule(this::wakeUp, Math.max(0, earliest.getAsLong() - now),
						TimeUnit.NANOSECONDS);
			}
			catch (RejectedExecutionException ex) {
				// execd is stopping.
			}
		}
	}

	/** One attempt; true when the delivery is to be tried again. */
	private boolean attempt(Delivery delivery) {
		delivery.attempting(this.clock.instant());
		long start = System.nanoTime();
		Sender.Attempt attempt = this.sender.apply(delivery);
		long end = System.nanoTime();
		this.metrics.attempt(Duration.ofNanos(end - start));
		if (attempt.delivered()) {
			delivery.attempted(attempt.status(), null, Delivery.Status.DELIVERED, end);
			this.metrics.sent();
			return false;
		}
		OptionalLong retryAt = attempt.retry() ? this.backoff.next(delivery.attempts(), delivery.createdNanos(), end)
				: OptionalLong.empty();
		if (retryAt.isEmpty()) {
			delivery.attempted(attempt.status(), attempt.error(), Delivery.Status.FAILED, end);
			this.metrics.failed();
			return false;
		}
		delivery.attempted(attempt.status(), attempt.error(), Delivery.Status.PENDING, retryAt.getAsLong());
		return true;
	}

}

package dev.execd.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The subscriber slots of one session. A stream whose client went away keeps its slot
 * until its next write fails, up to a ping interval later; a client that reconnects a few
 * times meanwhile would be refused by its own dead streams. So a subscription that finds
 * the slots full first probes the holders and frees those that are certainly gone, then
 * tries once more. Nothing of that runs while there is room.
 * <p>
 * A ping to a client that stopped reading can wait for room in a full send buffer until
 * the write times out: pings are written on threads of their own, and a probe waits
 * {@value #PING_WAIT_MILLIS} ms for their answers. One still writing then is no proof of
 * anything; if it fails later, it frees its slot then. A client that hammers a full
 * session would make every refused request ping every stream: a session probes once at a
 * time, and not again within {@value #PROBE_INTERVAL_MILLIS} ms of the last probe's end.
 * A request that comes while another probes waits for that probe and takes what it freed;
 * one that comes in the quiet time waits for its end and probes then, so a client that
 * reconnects right after a probe is not refused by streams that went away since.
 * <p>
 * A slot is given back once, by whichever comes first: its stream's close or a probe that
 * found its client gone, so it is never counted twice.
 */
final class SubscriberSlots {

	/**
	 * How long a second probe waits for the first one's answers. A ping to a connection
	 * its peer closed in order (FIN) is accepted; the peer answers it with a reset that
	 * the next write meets, one round trip later.
	 */
	private static final long PROBE_AGAIN_MILLIS = 200;

	/**
	 * How long one round waits for its pings: a ping to a client that is there or that
	 * reset the connection answers in microseconds.
	 */
	static final long PING_WAIT_MILLIS = 100;

	/**
	 * The quiet time after a probe, as long as the wait before a second round: well under
	 * an EventSource's reconnection delay (1 s), so a client whose old streams are gone
	 * is still admitted at once or at its next try.
	 */
	static final long PROBE_INTERVAL_MILLIS = 200;

	private static final Executor PINGS = (ping) -> Thread.ofVirtual().name("execd-stream-ping").start(ping);

	private final AtomicInteger count = new AtomicInteger();

	private final Set<Slot> held = ConcurrentHashMap.newKeySet();

	/** Held by the request that probes, and waited for by those that come meanwhile. */
	private final ReentrantLock probing = new ReentrantLock();

	/** When the last probe ended, by {@link System#nanoTime()}. */
	private volatile long probed = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(PROBE_INTERVAL_MILLIS);

	private final Runnable touch;

	/**
	 * @param touch records activity on the session
	 */
	SubscriberSlots(Runnable touch) {
		this.touch = touch;
	}

	/**
	 * Takes a slot for {@code subscriber}.
	 * @return closing it gives the slot back
	 * @throws SessionException.TooManySubscribers when all {@code max} slots stay held
	 */
	AutoCloseable take(int max, Subscriber subscriber) {
		if (!claim(max) && !reclaim(max)) {
			throw new SessionException.TooManySubscribers(max);
		}
		Slot slot = new Slot(subscriber);
		this.held.add(slot);
		this.touch.run();
		return slot;
	}

	int count() {
		return this.count.get();
	}

	private boolean claim(int max) {
		if (this.count.incrementAndGet() > max) {
			this.count.decrementAndGet();
			return false;
		}
		return true;
	}

	/**
	 * Frees the slots of clients found gone, probing twice when the first finds none, and
	 * takes one. A request that comes while another probes waits for that probe and takes
	 * what it freed, with no probe of its own.
	 * @return whether a slot was taken
	 */
	private boolean reclaim(int max) {
		boolean first = this.probing.tryLock();
		try {
			if (!first) {
				this.probing.lockInterruptibly();
				return claim(max);
			}
			long quiet = this.probed + TimeUnit.MILLISECONDS.toNanos(PROBE_INTERVAL_MILLIS) - System.nanoTime();
			if (quiet > 0) {
				TimeUnit.NANOSECONDS.sleep(quiet);
			}
			if (probe() == 0 && !this.held.isEmpty()) {
				TimeUnit.MILLISECONDS.sleep(PROBE_AGAIN_MILLIS);
				probe();
			}
			return claim(max);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		finally {
			if (this.probing.isHeldByCurrentThread()) {
				if (first) {
					this.probed = System.nanoTime();
				}
				this.probing.unlock();
			}
		}
	}

	/** Pings every holder at once; counts the slots freed by the answers in time. */
	private int probe() throws InterruptedException {
		AtomicInteger freed = new AtomicInteger();
		List<CompletableFuture<Void>> pings = new ArrayList<>();
		for (Slot slot : this.held) {
			if (slot.subscriber != Subscriber.SELF_CLOSING) {
				pings.add(CompletableFuture.supplyAsync(slot.subscriber::reachable, PINGS).thenAccept((reachable) -> {
					if (!reachable && slot.release()) {
						freed.incrementAndGet();
					}
				}));
			}
		}
		try {
			CompletableFuture.allOf(pings.toArray(CompletableFuture[]::new))
				.get(PING_WAIT_MILLIS, TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			// A ping still waiting for room in a full send buffer: that client is not
			// proven gone, and the request that probes does not wait for it.
		}
		catch (ExecutionException ex) {
			// A ping that failed to run proves nothing either.
		}
		return freed.get();
	}

	private final class Slot implements AutoCloseable {

		private final Subscriber subscriber;

		private final AtomicBoolean released = new AtomicBoolean();

		Slot(Subscriber subscriber) {
			this.subscriber = subscriber;
		}

		boolean release() {
			if (!this.released.compareAndSet(false, true)) {
				return false;
			}
			SubscriberSlots.this.held.remove(this);
			SubscriberSlots.this.count.decrementAndGet();
			SubscriberSlots.this.touch.run();
			return true;
		}

		@Override
		public void close() {
			release();
		}

	}

}

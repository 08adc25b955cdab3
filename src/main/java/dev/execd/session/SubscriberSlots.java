package dev.execd.session;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The subscriber slots of one session. A stream whose client went away keeps its slot
 * until its next write fails, up to a ping interval later; a client that reconnects a few
 * times meanwhile would be refused by its own dead streams. So a subscription that finds
 * the slots full first probes the holders and frees those that are certainly gone, then
 * tries once more. Nothing of that runs while there is room.
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

	private final AtomicInteger count = new AtomicInteger();

	private final Set<Slot> held = ConcurrentHashMap.newKeySet();

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
		if (!claim(max) && (reclaim() == 0 || !claim(max))) {
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

	/** Frees the slots of clients found gone, probing twice when the first finds none. */
	private int reclaim() {
		int freed = probe();
		if (freed > 0 || this.held.isEmpty()) {
			return freed;
		}
		try {
			TimeUnit.MILLISECONDS.sleep(PROBE_AGAIN_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 0;
		}
		return probe();
	}

	private int probe() {
		int freed = 0;
		for (Slot slot : this.held) {
			if (!slot.subscriber.reachable() && slot.release()) {
				freed++;
			}
		}
		return freed;
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

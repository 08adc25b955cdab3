package dev.execd.session;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * The exclusive keys of starts: per tenant, a key is held by at most one session, from
 * before its spawn until it ends (any end reason). A start that finds the key held waits
 * up to its own bound, in a queue per key, so waiting starts are served in arrival order;
 * past the bound it is refused with the holder's id. Nothing is persisted: a key survives
 * neither its holder nor the server.
 */
final class ExclusiveKeys {

	private final ReentrantLock lock = new ReentrantLock();

	private final Map<Held, Holder> held = new HashMap<>();

	private boolean closed;

	private record Held(String tenant, String key) {

	}

	/** The key's holder and the starts waiting for it, first come first. */
	private static final class Holder {

		/** The holding session's id; null while its start is still spawning it. */
		@Nullable String sessionId;

		final ArrayDeque<Waiter> waiters = new ArrayDeque<>();

	}

	private static final class Waiter {

		final Condition turn;

		boolean granted;

		Waiter(Condition turn) {
			this.turn = turn;
		}

	}

	/**
	 * Takes the key, waiting up to its bound behind its holder and earlier waiters; a
	 * start without a key gets a lease that holds nothing.
	 * @throws SessionException.ExclusiveKeyBusy when it is still held after the wait
	 * @throws SessionException.ShuttingDown when the server stops meanwhile
	 */
	Lease acquire(String tenant, @Nullable Exclusive exclusive) {
		if (exclusive == null) {
			return new Lease(null);
		}
		Held id = new Held(tenant, exclusive.key());
		this.lock.lock();
		try {
			if (this.closed) {
				throw new SessionException.ShuttingDown();
			}
			Holder holder = this.held.get(id);
			if (holder == null) {
				this.held.put(id, new Holder());
				return new Lease(id);
			}
			if (exclusive.maxWait().isZero()) {
				throw new SessionException.ExclusiveKeyBusy(exclusive.key(), holder.sessionId);
			}
			Waiter waiter = new Waiter(this.lock.newCondition());
			holder.waiters.addLast(waiter);
			long deadline = System.nanoTime() + exclusive.maxWait().toNanos();
			try {
				while (!waiter.granted && !this.closed) {
					long left = deadline - System.nanoTime();
					if (left <= 0) {
						break;
					}
					waiter.turn.awaitNanos(left);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			if (waiter.granted) {
				return new Lease(id);
			}
			holder.waiters.remove(waiter);
			if (this.closed || Thread.currentThread().isInterrupted()) {
				throw new SessionException.ShuttingDown();
			}
			throw new SessionException.ExclusiveKeyBusy(exclusive.key(), holder.sessionId);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Runs {@code spawn} holding the key (when there is one), which then stays held until
	 * the spawned session ends; a spawn that fails lets it go at once.
	 */
	Session holding(String tenant, @Nullable Exclusive exclusive, Supplier<Session> spawn) {
		Lease lease = acquire(tenant, exclusive);
		try {
			if (isClosed()) {
				// The wait may have outlasted the server's start of shutdown.
				throw new SessionException.ShuttingDown();
			}
			Session session = spawn.get();
			lease.heldBy(session);
			return session;
		}
		catch (RuntimeException | Error ex) {
			lease.release();
			throw ex;
		}
	}

	private boolean isClosed() {
		this.lock.lock();
		try {
			return this.closed;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Refuses every waiting and later start (at shutdown). */
	void close() {
		this.lock.lock();
		try {
			this.closed = true;
			this.held.values().forEach((holder) -> holder.waiters.forEach((waiter) -> waiter.turn.signal()));
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Hands the key to the first waiter, or frees it. */
	private void release(Held id) {
		this.lock.lock();
		try {
			Holder holder = this.held.get(id);
			if (holder == null) {
				return;
			}
			if (this.closed) {
				// Shutdown woke every waiter to refuse it: nobody gets the key now.
				this.held.remove(id);
				return;
			}
			Waiter next = holder.waiters.pollFirst();
			if (next == null) {
				this.held.remove(id);
				return;
			}
			holder.sessionId = null;
			next.granted = true;
			next.turn.signal();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * A start's hold on a key: bound to the session it spawned, which releases it when it
	 * ends, or released by a start that failed.
	 */
	final class Lease {

		private final @Nullable Held id;

		private final AtomicBoolean released = new AtomicBoolean();

		private Lease(@Nullable Held id) {
			this.id = id;
		}

		/** The key stays held until the session has ended. */
		void heldBy(Session session) {
			if (this.id == null) {
				return;
			}
			ExclusiveKeys.this.lock.lock();
			try {
				Holder holder = ExclusiveKeys.this.held.get(this.id);
				if (holder != null) {
					holder.sessionId = session.id();
				}
			}
			finally {
				ExclusiveKeys.this.lock.unlock();
			}
			session.ended().whenComplete((ended, failure) -> release());
		}

		void release() {
			if (this.id != null && this.released.compareAndSet(false, true)) {
				ExclusiveKeys.this.release(this.id);
			}
		}

	}

}

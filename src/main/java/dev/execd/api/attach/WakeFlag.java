package dev.execd.api.attach;

import java.util.concurrent.locks.LockSupport;

/**
 * A flag one thread waits on and any other raises without blocking, from any thread (the
 * output reader's included): a raise before the wait is not lost.
 */
final class WakeFlag {

	private final Thread waiter;

	private volatile boolean raised;

	WakeFlag(Thread waiter) {
		this.waiter = waiter;
	}

	void raise() {
		this.raised = true;
		LockSupport.unpark(this.waiter);
	}

	/**
	 * Waits, on the waiter's thread, until the flag is raised or the deadline passed, and
	 * lowers it.
	 * @throws InterruptedException when the waiter is interrupted
	 */
	void await(long deadlineNanos) throws InterruptedException {
		while (!this.raised) {
			long left = deadlineNanos - System.nanoTime();
			if (left <= 0) {
				break;
			}
			LockSupport.parkNanos(this, left);
			if (Thread.interrupted()) {
				throw new InterruptedException();
			}
		}
		this.raised = false;
	}

}

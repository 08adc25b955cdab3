package dev.execd.session;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Terminates removed sessions in parallel, one virtual thread each, since every one may
 * need its whole grace, and waits for all of them.
 */
final class Terminations {

	private Terminations() {
	}

	/**
	 * Runs {@code terminate} for each session and returns once all are done (or this
	 * thread is interrupted).
	 */
	static void inParallel(List<Session> sessions, Consumer<Session> terminate) {
		List<Thread> threads = new ArrayList<>();
		for (Session session : sessions) {
			threads.add(Thread.ofVirtual().name("execd-remove-" + session.id()).start(() -> terminate.accept(session)));
		}
		for (Thread thread : threads) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

}

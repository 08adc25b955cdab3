package dev.execd.session;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.execd.process.Child;
import dev.execd.process.Signals;
import dev.execd.process.Terminator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a session ends: the termination execd starts (its reason wins over the exit
 * status), and the announcement of the exit, which a termination waits for so that a
 * removal is never announced before the exit it caused.
 */
final class SessionExit {

	private static final Logger logger = LoggerFactory.getLogger(SessionExit.class);

	/** How long a termination waits for the exit to be announced after the kill. */
	private static final long ANNOUNCE_SECONDS = 5;

	private final String id;

	private final Child child;

	/**
	 * Whether the hang-up goes first on pipes too: an interactive shell ignores SIGTERM.
	 */
	private final boolean shell;

	private final SessionStateHolder state;

	private final Supplier<SessionSnapshot> snapshot;

	private final CompletableFuture<SessionSnapshot> ended = new CompletableFuture<>();

	// Once the session started: completes after the exit callbacks.
	private volatile CompletableFuture<?> announced = this.ended;

	SessionExit(String id, Child child, boolean shell, SessionStateHolder state, Supplier<SessionSnapshot> snapshot) {
		this.id = id;
		this.child = child;
		this.shell = shell;
		this.state = state;
		this.snapshot = snapshot;
	}

	/** Completes with the final state once the process ended and its output drained. */
	CompletableFuture<SessionSnapshot> ended() {
		return this.ended;
	}

	/** Runs {@code onExit} with the final state once the exit is reported. */
	void onExit(Consumer<SessionSnapshot> onExit) {
		this.announced = this.ended.thenAccept(onExit);
	}

	/** Reports the exit: {@link #ended()} completes and the exit callbacks run. */
	void report(SessionSnapshot last) {
		this.ended.complete(last);
	}

	/**
	 * Terminates after a time limit passed. A termination blocks for the grace, so it
	 * runs on a virtual thread, not the timer's.
	 */
	void expire(EndReason reason, Duration grace) {
		Thread.ofVirtual().name("execd-expire-" + this.id).start(() -> terminate(reason, Signals.SIGTERM, grace));
	}

	/**
	 * Terminates every process of the session (SIGHUP first on a tty or a shell, then the
	 * signal, SIGKILL after the grace) and waits until the exit has been reported.
	 */
	SessionSnapshot terminate(EndReason reason, Signals.Signal signal, Duration grace) {
		boolean wasRunning = this.state.update((s) -> s.terminating(reason)).running();
		if (this.child.owned()) {
			// Recorded before SIGKILL, so the exit it causes already reports it.
			Terminator.terminate(this.child.pid(), this.child.tty() || this.shell, signal, grace, () -> {
				if (wasRunning) {
					this.state.update(SessionState::escalating);
				}
			});
		}
		// Also when the exit is being reported right now: removal is announced after it.
		if (wasRunning || !this.announced.isDone()) {
			try {
				this.announced.get(ANNOUNCE_SECONDS, TimeUnit.SECONDS);
			}
			catch (TimeoutException ex) {
				// The exit is reported when the leader is reaped; report what is known.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			catch (ExecutionException ex) {
				logger.error("Announcing the exit of session {} failed", this.id, ex.getCause());
			}
		}
		return this.snapshot.get();
	}

}

package dev.execd.process;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * A started session leader: a plain process on pipes or a process on a pseudo-terminal.
 * The leader is a Unix session leader, so its pid is also its process group id and
 * session id.
 */
public sealed interface Child permits PipeChild, PtyChild, GoneChild, FilteredChild {

	long pid();

	boolean tty();

	/** Whether this server started the process and may signal it. */
	default boolean owned() {
		return true;
	}

	/**
	 * What the child reads: its stdin pipe, or the terminal's master. Non-blocking, for a
	 * {@link PolledWrite}.
	 */
	Descriptor stdin();

	/** What the child writes: stdout and stderr for pipes, the terminal for a PTY. */
	List<Source> outputs();

	/**
	 * Completes with the leader's exit status once it has been reaped: its exit code, or
	 * 128+n after a death by signal n. It completes on the one thread that reaps every
	 * child: dependents must hand slow work to another thread.
	 */
	CompletableFuture<Integer> exit();

	/** Changes the terminal size; the kernel sends SIGWINCH to the foreground group. */
	void resize(int cols, int rows);

	/** Closes every stream and native handle; safe to call more than once. */
	void release();

	/**
	 * One output stream of the child, the tag its bytes are reported with, and the filter
	 * its reads go through before they reach a receiver. Its reader ({@link Poller}) owns
	 * the descriptor once it starts.
	 */
	record Source(String tag, Descriptor descriptor, UnaryOperator<OutputReceiver> filter) {

		Source(String tag, Descriptor descriptor) {
			this(tag, descriptor, UnaryOperator.identity());
		}

	}

}

package dev.execd.session;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Supplier;

import dev.execd.process.Child;
import dev.execd.process.ProcessTable;
import dev.execd.process.Signals;
import dev.execd.process.Terminator;
import org.jspecify.annotations.Nullable;

/**
 * The input side of a session: its stdin writer, the keys of writes already made (a
 * retried write is not written twice), and where signals go. Writes are serialized by one
 * lock, so a check of the state, the queueing and the closing of stdin that an end of
 * input causes happen as one step; queueing hands the bytes to the writer, which at most
 * makes one non-blocking write of them under the lock (keystrokes keep their order that
 * way) and leaves the rest to the poller's thread.
 */
final class SessionInput {

	private static final int REMEMBERED_REQUEST_IDS = 256;

	private final Child child;

	/**
	 * Null for a process that is not ours (a session recovered after a restart): its
	 * stdin is closed and never written, so restoring it needs no poller thread, which
	 * could be missing then and would cost the session its place in the list.
	 */
	private final @Nullable StdinWriter writer;

	private final LinkedHashSet<String> requestIds = new LinkedHashSet<>();

	private final SessionStateHolder state;

	private final Supplier<SessionSnapshot> snapshot;

	private final Object lock = new Object();

	private volatile long lastInputNanos;

	SessionInput(Child child, long capacity, long startNanos, SessionStateHolder state,
			Supplier<SessionSnapshot> snapshot) {
		this.child = child;
		this.state = state;
		this.snapshot = snapshot;
		this.writer = child.owned() ? new StdinWriter(child.stdin(), this::signal, capacity) : null;
		this.lastInputNanos = startNanos;
	}

	/**
	 * Queues input for the process, unless a write with this request id was made.
	 * @param translateControls whether Ctrl-C and Ctrl-\ become signals on a pipe
	 * @param eof close stdin (pipe) or type Ctrl-D (tty) afterwards
	 * @throws SessionException.Exited when the process ended
	 * @throws SessionException.StdinClosed when stdin of a pipe was closed
	 * @throws SessionException.StdinQueueFull when the queue has no room
	 * @return the {@link #lastInputNanos} this input set
	 */
	long write(byte[] data, boolean translateControls, boolean eof, @Nullable String requestId) {
		return write(List.of(new Typing.Segment(data, translateControls)), eof, requestId);
	}

	/**
	 * Queues input for the process as {@link #write(byte[], boolean, boolean, String)},
	 * each segment with its own signal translation.
	 */
	long write(List<Typing.Segment> segments, boolean eof, @Nullable String requestId) {
		boolean tty = this.child.tty();
		synchronized (this.lock) {
			SessionState current = this.state.current();
			StdinWriter writer = this.writer;
			if (!current.running() || writer == null) {
				throw new SessionException.Exited(this.snapshot.get());
			}
			if (!tty && !current.stdinOpen()) {
				throw new SessionException.StdinClosed(this.snapshot.get());
			}
			if (requestId != null && this.requestIds.contains(requestId)) {
				return this.lastInputNanos;
			}
			// Bytes typed as text or keys on a pipe turn Ctrl-C and Ctrl-\ into SIGINT
			// and SIGQUIT in order with the bytes around them: with no terminal there is
			// no line discipline to do it.
			if (!writer.offer(StdinOps.of(segments, eof, tty))) {
				throw new SessionException.StdinQueueFull(this.snapshot.get(), writer.pending());
			}
			if (requestId != null) {
				this.requestIds.add(requestId);
				if (this.requestIds.size() > REMEMBERED_REQUEST_IDS) {
					this.requestIds.remove(this.requestIds.iterator().next());
				}
			}
			long now = System.nanoTime();
			this.lastInputNanos = now;
			if (eof && !tty) {
				this.state.update(SessionState::stdinClosed);
			}
			return now;
		}
	}

	long pending() {
		return (this.writer != null) ? this.writer.pending() : 0;
	}

	long lastInputNanos() {
		return this.lastInputNanos;
	}

	/**
	 * Sends a signal while the process runs; see {@link #signal}. No lock: the leader can
	 * exit right after any check, and signalling then is harmless.
	 * @throws SessionException.Exited when the process ended
	 */
	void signalRunning(int number) {
		if (!this.state.current().running()) {
			throw new SessionException.Exited(this.snapshot.get());
		}
		signal(number);
	}

	/**
	 * Sends a signal: to the leader's process group on a pipe, to the terminal's
	 * foreground group on a tty, as a keypress would.
	 */
	void signal(int number) {
		long pid = this.child.pid();
		if (number == Signals.SIGKILL.number()) {
			// SIGKILL cannot be handled, so its only meaning is "kill it": every process
			// of the session, including jobs a shell put in other process groups.
			Terminator.signalSession(pid, number);
			return;
		}
		long group = this.child.tty() ? ProcessTable.foregroundGroup(pid).orElse(pid) : pid;
		Terminator.signalGroup(group, number);
	}

	void stop() {
		if (this.writer != null) {
			this.writer.stop();
		}
	}

}

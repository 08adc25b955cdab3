package dev.execd.session;

import java.util.LinkedHashSet;
import java.util.List;

import dev.execd.process.Child;
import dev.execd.process.ProcessTable;
import dev.execd.process.Signals;
import dev.execd.process.Terminator;
import org.jspecify.annotations.Nullable;

/**
 * The input side of a session: its stdin writer, the keys of writes already made (a
 * retried write is not written twice), and where signals go. The session checks its state
 * and serializes calls; this class does not lock.
 */
final class SessionInput {

	private static final int REMEMBERED_REQUEST_IDS = 256;

	private final Child child;

	private final StdinWriter writer;

	private final LinkedHashSet<String> requestIds = new LinkedHashSet<>();

	private volatile long lastInputNanos;

	SessionInput(String id, Child child, long capacity, long startNanos) {
		this.child = child;
		this.writer = new StdinWriter("execd-stdin-" + id, child.stdin(), this::signal, capacity);
		this.lastInputNanos = startNanos;
	}

	/** Whether a write with this key was already made. */
	boolean isRepeat(@Nullable String requestId) {
		return requestId != null && this.requestIds.contains(requestId);
	}

	/**
	 * Queues a write. Bytes typed as text or keys on a pipe turn Ctrl-C and Ctrl-\ into
	 * SIGINT and SIGQUIT in order with the bytes around them: with no terminal there is
	 * no line discipline to do it.
	 * @return false when the queue has no room; nothing was queued
	 */
	boolean queue(byte[] data, boolean translateControls, boolean eof, @Nullable String requestId) {
		boolean tty = this.child.tty();
		List<StdinWriter.Op> ops = StdinOps.of(data, translateControls && !tty, eof, tty);
		if (!this.writer.offer(ops)) {
			return false;
		}
		if (requestId != null) {
			this.requestIds.add(requestId);
			if (this.requestIds.size() > REMEMBERED_REQUEST_IDS) {
				this.requestIds.remove(this.requestIds.iterator().next());
			}
		}
		this.lastInputNanos = System.nanoTime();
		return true;
	}

	long pending() {
		return this.writer.pending();
	}

	long lastInputNanos() {
		return this.lastInputNanos;
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
		this.writer.stop();
	}

}
